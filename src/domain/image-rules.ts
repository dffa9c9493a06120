import { messages } from "~/texts/messages";

/**
 * What an uploaded image may be (spec §5): JPEG or PNG, at most 10 MB. Pure, so the browser's
 * pre-check and the server, which has the last word, ask the same questions of the same bytes.
 */

/** Spec §5 and §9: 10 MB, counted in binary megabytes. */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;

/**
 * Decoded size we are willing to hold in memory. A small file can claim a huge canvas (a
 * "decompression bomb"); 40 megapixels covers any phone camera with room to spare.
 */
export const IMAGE_MAX_PIXELS = 40_000_000;

/** The file picker's filter; the server still decides by content. */
export const IMAGE_ACCEPT = "image/jpeg,image/png,.jpg,.jpeg,.png";

export type ImageFormat = "jpeg" | "png";

/** How many leading bytes detectImageFormat needs. */
export const IMAGE_SIGNATURE_BYTES = 8;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The format the bytes really are, from their signature ("magic bytes"), whatever the file is called. */
export function detectImageFormat(head: Uint8Array): ImageFormat | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "jpeg";
  if (head.length >= PNG_SIGNATURE.length && PNG_SIGNATURE.every((byte, i) => head[i] === byte)) return "png";
  return null;
}

export type ImageFileProblem = "missing" | "too_large" | "unsupported";

/**
 * Why a chosen file cannot be used, or null. Size is checked first: it needs no bytes read, and
 * a person with a 40 MB photo is better told about the size than the format.
 */
export function imageFileProblem(file: { size: number; head: Uint8Array }): ImageFileProblem | null {
  if (file.size === 0) return "missing";
  if (file.size > IMAGE_MAX_BYTES) return "too_large";
  if (detectImageFormat(file.head) === null) return "unsupported";
  return null;
}

/** What each problem says to the person who chose the file (spec §5, §8). */
export const IMAGE_PROBLEM_MESSAGES: Record<ImageFileProblem, string> = {
  missing: messages.images.noFileSelected,
  too_large: messages.images.tooLarge,
  unsupported: messages.images.unsupportedFormat,
};

/** The words refusing an uploaded image's bytes, or null when they may go on to be decoded. */
export function uploadedImageRefusal(bytes: Uint8Array): string | null {
  const problem = imageFileProblem({ size: bytes.byteLength, head: bytes.subarray(0, IMAGE_SIGNATURE_BYTES) });
  return problem ? IMAGE_PROBLEM_MESSAGES[problem] : null;
}

/** Whether a decoded canvas of this size is within what we will decode. */
export function isWithinPixelLimit(width: number, height: number): boolean {
  return width > 0 && height > 0 && width * height <= IMAGE_MAX_PIXELS;
}

/**
 * Scans a JPEG may hold. A camera's or an editor's progressive JPEG has about ten; each scan is another pass of the
 * decoder over the whole picture, so a small file of thousands of tiny scans holds a core for minutes. Past this,
 * the file is refused before it is decoded.
 */
export const JPEG_SCANS_MAX = 100;

/**
 * How many scans (start-of-scan markers) a JPEG holds, read from its markers without decoding: each segment's length
 * is skipped, and a scan's coded data runs to the next marker (0xFF followed by anything but 0x00, a stuffed byte, or
 * a restart marker). Counting stops past `stopAfter`.
 */
export function jpegScanCount(bytes: Uint8Array, stopAfter = JPEG_SCANS_MAX): number {
  let scans = 0;
  let i = 2; // past the start-of-image marker
  while (i + 3 < bytes.length) {
    if (bytes[i] !== 0xff) {
      i++;
      continue;
    }
    const marker = bytes[i + 1]!;
    if (marker === 0xff) {
      i++; // fill byte
      continue;
    }
    if (marker === 0xd9) break; // end of image
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    const length = (bytes[i + 2]! << 8) | bytes[i + 3]!;
    i += 2 + length;
    if (marker !== 0xda) continue;
    if (++scans > stopAfter) break;
    // The scan's coded data: to the next marker that is not a stuffed 0xFF00 or a restart.
    while (i + 1 < bytes.length && !(bytes[i] === 0xff && bytes[i + 1] !== 0x00 && !isRestart(bytes[i + 1]!))) i++;
  }
  return scans;
}

const isRestart = (b: number) => b >= 0xd0 && b <= 0xd7;
