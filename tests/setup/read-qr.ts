import fs from "node:fs";
import { createRequire } from "node:module";
import { prepareZXingModule, readBarcodes } from "zxing-wasm/reader";

// The door's own QR reader (ZXing's, in WebAssembly), its WebAssembly read from disk: never the CDN.
prepareZXingModule({
  overrides: {
    wasmBinary: fs.readFileSync(createRequire(import.meta.url).resolve("zxing-wasm/reader/zxing_reader.wasm")),
  },
});

/** The QR code a picture (PNG or JPEG bytes) carries, read back as the door would; "" when it has none. */
export async function readQr(picture: Uint8Array): Promise<string> {
  const [found] = await readBarcodes(picture, { formats: ["QRCode"] });
  return found?.text ?? "";
}
