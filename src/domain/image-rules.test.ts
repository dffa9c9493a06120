import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { messages } from "~/texts/messages";
import {
  detectImageFormat,
  IMAGE_MAX_BYTES,
  imageFileProblem,
  isWithinPixelLimit,
  JPEG_SCANS_MAX,
  jpegScanCount,
  uploadedImageRefusal,
} from "./image-rules";

const bytes = (...b: number[]) => new Uint8Array(b);
const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46);

describe("detectImageFormat", () => {
  it("knows JPEG and PNG by their signatures", () => {
    expect(detectImageFormat(JPEG)).toBe("jpeg");
    expect(detectImageFormat(PNG)).toBe("png");
  });

  it("refuses everything else, however it is named", () => {
    const text = (s: string) => new TextEncoder().encode(s);
    expect(detectImageFormat(text("GIF89a.."))).toBeNull();
    expect(detectImageFormat(text("RIFF....WEBP"))).toBeNull();
    expect(detectImageFormat(text("<svg xmlns="))).toBeNull();
    expect(detectImageFormat(text("<?xml version"))).toBeNull();
    expect(detectImageFormat(text("%PDF-1.7"))).toBeNull();
    expect(detectImageFormat(bytes())).toBeNull();
  });

  it("needs the whole PNG signature, not just its start", () => {
    expect(detectImageFormat(PNG.subarray(0, 4))).toBeNull();
    expect(detectImageFormat(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x00))).toBeNull();
    expect(detectImageFormat(bytes(0xff, 0xd8))).toBeNull();
  });
});

describe("imageFileProblem", () => {
  it("accepts a JPEG or PNG of up to 10485760 bytes", () => {
    expect(IMAGE_MAX_BYTES).toBe(10_485_760);
    expect(imageFileProblem({ size: IMAGE_MAX_BYTES, head: JPEG })).toBeNull();
    expect(imageFileProblem({ size: 1, head: PNG })).toBeNull();
  });

  it("names the size before the format, and an empty file as missing", () => {
    expect(imageFileProblem({ size: IMAGE_MAX_BYTES + 1, head: bytes() })).toBe("too_large");
    expect(imageFileProblem({ size: 10, head: new TextEncoder().encode("hello") })).toBe("unsupported");
    expect(imageFileProblem({ size: 0, head: bytes() })).toBe("missing");
  });
});

describe("isWithinPixelLimit", () => {
  it("allows a 40-megapixel phone photo and refuses bigger canvases", () => {
    expect(isWithinPixelLimit(8000, 5000)).toBe(true);
    expect(isWithinPixelLimit(8001, 5000)).toBe(false);
    expect(isWithinPixelLimit(20_000, 20_000)).toBe(false);
    expect(isWithinPixelLimit(0, 100)).toBe(false);
  });
});

describe("an uploaded image's refusal", () => {
  it("names what is wrong in the spec's words, or lets a JPEG or PNG through", () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
    expect(uploadedImageRefusal(png)).toBeNull();
    expect(uploadedImageRefusal(Uint8Array.from([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0, 0]))).toBe(
      messages.images.unsupportedFormat,
    );
    expect(uploadedImageRefusal(new Uint8Array(IMAGE_MAX_BYTES + 1))).toBe(messages.images.tooLarge);
  });
});

describe("a JPEG's scans", () => {
  it("counts a JPEG's scans by its markers: one for a baseline picture, several for a progressive one", async () => {
    const picture = sharp({ create: { width: 64, height: 48, channels: 3, background: "#c8175f" } });
    expect(jpegScanCount(await picture.clone().jpeg({ progressive: false }).toBuffer())).toBe(1);
    const progressive = jpegScanCount(await picture.clone().jpeg({ progressive: true }).toBuffer());
    expect(progressive).toBeGreaterThan(1);
    expect(progressive).toBeLessThanOrEqual(JPEG_SCANS_MAX);
  });

  it("counts past the limit for a file of many tiny scans, and stops counting there", () => {
    // Start of image, then 500 scans of two coded bytes each (one a stuffed 0xFF00), then end of image.
    const scan = [0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00, 0x12, 0xff, 0x00];
    const bytes = new Uint8Array([0xff, 0xd8, ...Array.from({ length: 500 }, () => scan).flat(), 0xff, 0xd9]);
    expect(jpegScanCount(bytes, 1_000)).toBe(500);
    expect(jpegScanCount(bytes)).toBe(JPEG_SCANS_MAX + 1);
  });
});
