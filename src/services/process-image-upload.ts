import { randomUUID } from "node:crypto";
import sharp, { type Metadata, type OutputInfo } from "sharp";
import {
  detectImageFormat,
  IMAGE_MAX_BYTES,
  IMAGE_MAX_PIXELS,
  IMAGE_SIGNATURE_BYTES,
  isWithinPixelLimit,
  JPEG_SCANS_MAX,
  jpegScanCount,
} from "~/domain/image-rules";
import { AppError, isAppError } from "~/lib/app-error";
import { WorkQueueFull, workSlots } from "~/lib/work-slots";
import type { FileStorage } from "~/services/file-storage";
import { messages } from "~/texts/messages";

/** What the image is for decides its final shape. */
export type ImagePurpose = "profile" | "cover" | "event" | "picture";

const SHAPES = {
  /** Shown round, at most 160 px across on a 4× screen: a 640 px square is plenty. */
  profile: { width: 640, height: 640 },
  /** Shown full width above the profile; keeps its proportions, never enlarged. */
  cover: { width: 1600, height: 2400 },
  /** An event's pictures: shown up to full width on its page, in its proportions. */
  event: { width: 1600, height: 2400 },
  /** A picture inside a staff-written post's body, shown at most the article's width. */
  picture: { width: 1600, height: 2400 },
} as const;

/**
 * The longest one decode may take. A picture at the pixel limit takes a couple of seconds; a file made to be slow
 * (thousands of scans, refused before this, or whatever comes next) is stopped here rather than holding the one
 * decode slot for minutes.
 */
const DECODE_TIMEOUT_SECONDS = 10;

const JPEG_QUALITY = 82;

/**
 * Uploads decoded at once in this process, and waiting for their turn. A picture near the pixel limit takes a core
 * for a couple of seconds: without a bound, a few dozen posted together (by one free account) held every core, and
 * every page waited behind them. Past the line, the upload is refused with words to try again.
 */
export const UPLOAD_DECODES_AT_ONCE = 1;
export const UPLOAD_DECODES_WAITING = 6;
const decodes = workSlots(UPLOAD_DECODES_AT_ONCE, UPLOAD_DECODES_WAITING);

/** A refusal of one picture that its form shows beside the picture's field (a bad file, or too busy now). */
export function isImageRefusal(error: unknown): error is AppError {
  return isAppError(error) && (error.code === "validation_failed" || error.code === "rate_limited");
}

export interface StoredImage {
  /** The storage key (served at /media/<key>). */
  key: string;
  /** The public path to put in the user row. */
  url: string;
  width: number;
  height: number;
}

/**
 * Turns uploaded bytes into a clean JPEG of our own and stores it under a new random key.
 *
 * The file name and the type the browser declared are ignored: the bytes decide (JPEG or PNG
 * only). Size and canvas are checked before anything is decoded, so a small file that claims a
 * huge canvas (a decompression bomb) is refused from its header alone. The image is then decoded
 * once, turned upright by its EXIF orientation and re-encoded, which drops every piece of metadata
 * (EXIF with GPS, XMP, comments, ICC profiles after conversion to sRGB) and anything hidden
 * after the image data.
 */
export async function processImageUpload(
  storage: Pick<FileStorage, "save">,
  {
    userId,
    purpose,
    bytes,
    field,
    prefix = userUploadPrefix(userId),
  }: {
    userId: string;
    purpose: ImagePurpose;
    bytes: Uint8Array;
    field: string;
    /** Where it is stored: the uploader's own prefix unless the file belongs to the site (`content/`). */
    prefix?: string;
  },
): Promise<StoredImage> {
  const refuse = (message: string): never => {
    throw new AppError("validation_failed", message, { field });
  };
  if (bytes.byteLength === 0) refuse(messages.images.noFileSelected);
  if (bytes.byteLength > IMAGE_MAX_BYTES) refuse(messages.images.tooLarge);
  const format = detectImageFormat(bytes.subarray(0, IMAGE_SIGNATURE_BYTES));
  if (format === null) refuse(messages.images.unsupportedFormat);

  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // Reading metadata parses the header only. sharp would refuse an over-limit header with an
  // error we could not tell from corruption, so the pixel check here is ours.
  let header: Metadata;
  try {
    header = await sharp(input, { limitInputPixels: false, failOn: "error" }).metadata();
  } catch {
    return refuse(messages.images.invalidFile);
  }
  // The signature said JPEG or PNG; the decoder must agree (a PNG signature on other data fails here).
  if (header.format !== format) refuse(messages.images.invalidFile);
  if (!header.width || !header.height) refuse(messages.images.invalidFile);
  if (!isWithinPixelLimit(header.width, header.height)) refuse(messages.images.tooManyPixels);
  // Each scan is a pass over the whole picture: a file of thousands is refused before its slow decode.
  if (format === "jpeg" && jpegScanCount(bytes) > JPEG_SCANS_MAX) refuse(messages.images.invalidFile);

  const upright = header.autoOrient ?? { width: header.width, height: header.height };
  const output = await decodes
    .run(() => decode(input, upright, purpose, () => refuse(messages.images.invalidFile)))
    .catch((error: unknown) => {
      if (error instanceof WorkQueueFull) throw new AppError("rate_limited", messages.images.busy, { field });
      throw error;
    });

  const key = `${prefix}${purpose}-${randomUUID()}.jpg`;
  await storage.save(key, output.data, "image/jpeg");
  return { key, url: `/media/${key}`, width: output.info.width, height: output.info.height };
}

/** The one real decode: upright, sRGB on white, in the purpose's shape, as a fresh JPEG with no metadata. */
async function decode(
  input: Buffer,
  upright: { width: number; height: number },
  purpose: ImagePurpose,
  refuse: () => never,
): Promise<{ data: Buffer; info: OutputInfo }> {
  // limitInputPixels stays on as the backstop for the one real decode.
  let pipeline = sharp(input, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: "error" })
    .autoOrient()
    // JPEG has no transparency: a transparent PNG sits on white rather than black.
    .flatten({ background: "#ffffff" })
    .toColourspace("srgb");
  if (purpose === "profile") {
    // Square, cropped from the middle; never enlarged beyond the picture's own short side.
    const side = Math.min(SHAPES.profile.width, upright.width, upright.height);
    pipeline = pipeline.resize(side, side, { fit: "cover", position: "centre" });
  } else {
    // Within 1600 × 2400, in its own proportions: a picture thousands of pixels tall would be stored as a file of
    // tens of megabytes, and rendered again at every width asked of /img.
    const { width, height } = SHAPES[purpose];
    pipeline = pipeline.resize({ width, height, fit: "inside", withoutEnlargement: true });
  }
  pipeline = pipeline.timeout({ seconds: DECODE_TIMEOUT_SECONDS });

  try {
    // No keepMetadata/withMetadata: sharp writes none of the input's EXIF, XMP, IPTC or ICC.
    return await pipeline
      .jpeg({ quality: JPEG_QUALITY, progressive: true, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
  } catch {
    return refuse();
  }
}

/** Where a person's uploads are stored: only the upload above writes under it, naming them from their session. */
export const userUploadPrefix = (userId: string) => `users/${userId}/`;

/**
 * The storage key behind a person's image, if the file is theirs to delete: one they uploaded
 * (stored under their own prefix), or their demo avatar. A profile's image field only says what
 * is shown; it is never proof of whose file it is, so anything else (another person's photo, an
 * event's cover, an outside URL) gives null and is never removed on their behalf.
 */
export function ownedImageKey(url: string | null, userId: string): string | null {
  if (!url?.startsWith("/media/")) return null;
  const key = url.slice("/media/".length);
  if (key.includes("..") || key.includes("//")) return null;
  if (key.startsWith(userUploadPrefix(userId)) && !key.slice(userUploadPrefix(userId).length).includes("/")) return key;
  if (key === `seed/users/${userId}.jpg`) return key;
  return null;
}
