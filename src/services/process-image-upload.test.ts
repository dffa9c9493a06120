import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMAGE_MAX_BYTES } from "~/domain/image-rules";
import { isAppError } from "~/lib/app-error";
import { createLocalStorage, type FileStorage } from "~/server/storage/local-storage.server";
import { messages } from "~/texts/messages";
import {
  isImageRefusal,
  processImageUpload,
  UPLOAD_DECODES_AT_ONCE,
  UPLOAD_DECODES_WAITING,
} from "./process-image-upload";

let root: string;
let storage: FileStorage;

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), "tb-images-"));
  storage = createLocalStorage(root);
});
afterAll(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

const userId = "user-0001";

/** Every file stored so far, as keys. */
async function storedKeys(): Promise<string[]> {
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

function solid(width: number, height: number, background = { r: 200, g: 23, b: 95 }) {
  return sharp({ create: { width, height, channels: 3, background } });
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(isAppError(error), "expected the upload to be refused").toBe(true);
  return error as { code: string; message: string; details?: Record<string, unknown> };
}

/** A PNG chunk: length, type, data, CRC of type and data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A genuine 20000 × 20000 black PNG that weighs a few tens of kilobytes: one bit per pixel of
 * zeros compresses to almost nothing, yet decoding it would need 400 megapixels of memory.
 */
function decompressionBomb(side = 20_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const rowBytes = 1 + Math.ceil(side / 8); // filter byte + packed pixels
  const pixels = zlib.deflateSync(Buffer.alloc(rowBytes * side), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", pixels),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** Whether an EXIF block carries a GPS directory (tag 0x8825, in either byte order). */
function hasGpsDirectory(exif: Buffer): boolean {
  return exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));
}

describe("processImageUpload", () => {
  it("accepts a PNG by its content even when it is named and typed as a JPEG, and stores a JPEG", async () => {
    // The name and declared type never reach the pipeline: only the bytes do.
    const upload = new File([new Uint8Array(await solid(800, 600).png().toBuffer())], "holiday.jpg", {
      type: "image/jpeg",
    });
    const stored = await processImageUpload(storage, {
      userId,
      purpose: "cover",
      field: "coverImage",
      bytes: new Uint8Array(await upload.arrayBuffer()),
    });
    expect(stored.key).toMatch(new RegExp(`^users/${userId}/cover-[0-9a-f-]{36}\\.jpg$`));
    expect(stored.url).toBe(`/media/${stored.key}`);
    const file = await storage.read(stored.key);
    expect(file?.contentType).toBe("image/jpeg");
    const meta = await sharp(file!.data).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 800, height: 600 });
  });

  it("gives every upload a new key", async () => {
    const bytes = new Uint8Array(await solid(100, 100).jpeg().toBuffer());
    const a = await processImageUpload(storage, { userId, purpose: "profile", field: "image", bytes });
    const b = await processImageUpload(storage, { userId, purpose: "profile", field: "image", bytes });
    expect(a.key).not.toBe(b.key);
  });

  it("refuses a text file renamed .png", async () => {
    const upload = new File(["just some notes, not a picture"], "notes.png", { type: "image/png" });
    const before = await storedKeys();
    const error = await refusal(
      processImageUpload(storage, {
        userId,
        purpose: "profile",
        field: "image",
        bytes: new Uint8Array(await upload.arrayBuffer()),
      }),
    );
    expect(error).toMatchObject({
      code: "validation_failed",
      message: messages.images.unsupportedFormat,
      details: { field: "image" },
    });
    expect(await storedKeys()).toEqual(before);
  });

  it("refuses an SVG, even one that looks harmless", async () => {
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect ` +
      `width="10" height="10"/></svg>`;
    const error = await refusal(
      processImageUpload(storage, { userId, purpose: "profile", field: "image", bytes: new TextEncoder().encode(svg) }),
    );
    expect(error.message).toBe(messages.images.unsupportedFormat);
  });

  it("refuses GIF and WebP, which the decoder could read but the spec does not allow", async () => {
    for (const bytes of [await solid(20, 20).gif().toBuffer(), await solid(20, 20).webp().toBuffer()]) {
      const error = await refusal(
        processImageUpload(storage, { userId, purpose: "cover", field: "coverImage", bytes: new Uint8Array(bytes) }),
      );
      expect(error.message).toBe(messages.images.unsupportedFormat);
    }
  });

  it("refuses a file over 10 MB with the size message, before looking at its content", async () => {
    // A real JPEG padded past the limit: it would decode fine, so only the size can refuse it.
    const jpeg = await solid(64, 64).jpeg().toBuffer();
    const padded = new Uint8Array(11 * 1024 * 1024);
    padded.set(jpeg);
    const error = await refusal(
      processImageUpload(storage, { userId, purpose: "cover", field: "coverImage", bytes: padded }),
    );
    expect(error).toMatchObject({
      code: "validation_failed",
      message: messages.images.tooLarge,
      details: { field: "coverImage" },
    });
  });

  it("accepts a file of exactly 10 MB (10485760 bytes)", async () => {
    const jpeg = await solid(64, 64).jpeg().toBuffer();
    const padded = new Uint8Array(IMAGE_MAX_BYTES);
    padded.set(jpeg);
    const stored = await processImageUpload(storage, { userId, purpose: "profile", field: "image", bytes: padded });
    expect((await sharp((await storage.read(stored.key))!.data).metadata()).format).toBe("jpeg");
  });

  it("refuses a 20000 × 20000 pixel image from its header, without decoding it", async () => {
    const bomb = decompressionBomb();
    expect(bomb.byteLength).toBeLessThan(1024 * 1024);
    // The file is a valid PNG that really claims 400 megapixels.
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({
      format: "png",
      width: 20_000,
      height: 20_000,
    });
    const before = await storedKeys();
    const error = await refusal(
      processImageUpload(storage, { userId, purpose: "cover", field: "coverImage", bytes: new Uint8Array(bomb) }),
    );
    // This message comes only from the header check, which runs before any pixel is decoded.
    expect(error.message).toBe(messages.images.tooManyPixels);
    expect(await storedKeys()).toEqual(before);
  });

  it("refuses a JPEG of more scans than any camera writes, before decoding it", async () => {
    // A real JPEG's one scan, copied until the file holds 150: each would be another pass over the whole picture.
    const real = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#123456" } })
      .jpeg({ progressive: false })
      .toBuffer();
    const sos = real.indexOf(Buffer.from([0xff, 0xda]));
    const eoi = real.lastIndexOf(Buffer.from([0xff, 0xd9]));
    const scan = real.subarray(sos, eoi);
    const many = Buffer.concat([real.subarray(0, sos), ...Array.from({ length: 150 }, () => scan), real.subarray(eoi)]);
    expect((await sharp(many).metadata()).format).toBe("jpeg");
    const before = await storedKeys();
    const error = await refusal(
      processImageUpload(storage, { userId, purpose: "event", field: "image", bytes: new Uint8Array(many) }),
    );
    expect(error.message).toBe(messages.images.invalidFile);
    expect(await storedKeys()).toEqual(before);
  });

  it("keeps a very tall picture within 1600 × 2400, in its proportions", async () => {
    const tall = await sharp({ create: { width: 400, height: 4000, channels: 3, background: "#abcdef" } })
      .png()
      .toBuffer();
    const stored = await processImageUpload(storage, { userId, purpose: "event", field: "image", bytes: tall });
    expect({ width: stored.width, height: stored.height }).toEqual({ width: 240, height: 2400 });
    const wide = await sharp({ create: { width: 4000, height: 1000, channels: 3, background: "#abcdef" } })
      .png()
      .toBuffer();
    const landscape = await processImageUpload(storage, { userId, purpose: "cover", field: "coverImage", bytes: wide });
    expect({ width: landscape.width, height: landscape.height }).toEqual({ width: 1600, height: 400 });
  });

  it("refuses a file with a JPEG signature but nothing decodable after it", async () => {
    const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...new TextEncoder().encode("definitely not a jpeg body")]);
    const error = await refusal(processImageUpload(storage, { userId, purpose: "profile", field: "image", bytes }));
    expect(error.message).toBe(messages.images.invalidFile);
  });

  it("refuses an empty file", async () => {
    const error = await refusal(
      processImageUpload(storage, { userId, purpose: "profile", field: "image", bytes: new Uint8Array(0) }),
    );
    expect(error.message).toBe(messages.images.noFileSelected);
  });

  it("strips EXIF, including GPS, from what it stores", async () => {
    const withGps = await solid(1200, 900)
      .jpeg()
      .withMetadata({
        exif: {
          IFD0: { Make: "Pocket Camera", Copyright: "Someone" },
          IFD3: {
            GPSLatitudeRef: "N",
            GPSLatitude: "51/1 30/1 0/1",
            GPSLongitudeRef: "W",
            GPSLongitude: "0/1 7/1 0/1",
          },
        },
      })
      .toBuffer();
    const input = await sharp(withGps).metadata();
    expect(input.exif && hasGpsDirectory(input.exif), "the test image should carry GPS").toBe(true);

    for (const purpose of ["profile", "cover"] as const) {
      const stored = await processImageUpload(storage, {
        userId,
        purpose,
        field: "image",
        bytes: new Uint8Array(withGps),
      });
      const data = (await storage.read(stored.key))!.data;
      const meta = await sharp(data).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(data.includes(Buffer.from("Pocket Camera"))).toBe(false);
    }
  });

  it("turns a photo upright by its EXIF orientation before dropping the tag", async () => {
    // Stored 400 wide × 200 high, tagged "rotate 90° clockwise to display" (orientation 6).
    const sideways = await solid(400, 200).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const stored = await processImageUpload(storage, {
      userId,
      purpose: "cover",
      field: "coverImage",
      bytes: new Uint8Array(sideways),
    });
    const meta = await sharp((await storage.read(stored.key))!.data).metadata();
    expect(meta).toMatchObject({ width: 200, height: 400 });
    expect(meta.orientation).toBeUndefined();
  });

  it("crops profile images to a square of at most 640 px, and never enlarges", async () => {
    const big = await processImageUpload(storage, {
      userId,
      purpose: "profile",
      field: "image",
      bytes: new Uint8Array(await solid(3000, 2000).jpeg().toBuffer()),
    });
    expect(big).toMatchObject({ width: 640, height: 640 });
    const small = await processImageUpload(storage, {
      userId,
      purpose: "profile",
      field: "image",
      bytes: new Uint8Array(await solid(300, 200).png().toBuffer()),
    });
    expect(small).toMatchObject({ width: 200, height: 200 });
  });

  it("scales cover images to 1600 px wide, keeping their proportions", async () => {
    const wide = await processImageUpload(storage, {
      userId,
      purpose: "cover",
      field: "coverImage",
      bytes: new Uint8Array(await solid(4000, 1000).jpeg().toBuffer()),
    });
    expect(wide).toMatchObject({ width: 1600, height: 400 });
    const narrow = await processImageUpload(storage, {
      userId,
      purpose: "cover",
      field: "coverImage",
      bytes: new Uint8Array(await solid(900, 300).jpeg().toBuffer()),
    });
    expect(narrow).toMatchObject({ width: 900, height: 300 });
  });

  it("puts a transparent PNG on white, not black", async () => {
    const transparent = await sharp({
      create: { width: 50, height: 50, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const stored = await processImageUpload(storage, {
      userId,
      purpose: "profile",
      field: "image",
      bytes: new Uint8Array(transparent),
    });
    const { data } = await sharp((await storage.read(stored.key))!.data)
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(245);
  });

  it("decodes one upload at a time with a short line; past it, refuses on the field with words to retry", async () => {
    // Big enough that its decode outlasts the others' header reads (a few milliseconds).
    const bytes = new Uint8Array(await solid(4000, 3000).png().toBuffer());
    const before = (await storedKeys()).length;
    const many = UPLOAD_DECODES_AT_ONCE + UPLOAD_DECODES_WAITING + 3;
    const outcomes = await Promise.all(
      Array.from({ length: many }, () =>
        processImageUpload(storage, { userId, purpose: "cover", field: "coverImage", bytes }).then(
          () => "stored",
          (e: unknown) => e,
        ),
      ),
    );
    const stored = outcomes.filter((o) => o === "stored");
    const refused = outcomes.filter((o) => o !== "stored");
    expect(stored).toHaveLength(UPLOAD_DECODES_AT_ONCE + UPLOAD_DECODES_WAITING);
    expect(refused).toHaveLength(3);
    for (const error of refused) {
      expect(isImageRefusal(error)).toBe(true);
      expect(error).toMatchObject({
        code: "rate_limited",
        message: messages.images.busy,
        details: { field: "coverImage" },
      });
    }
    expect((await storedKeys()).length).toBe(before + stored.length);
    // The line empties as the decodes finish: the next upload goes straight through.
    await expect(
      processImageUpload(storage, { userId, purpose: "cover", field: "coverImage", bytes }),
    ).resolves.toMatchObject({
      width: 1600,
    });
  });
});
