import { createHash } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import { ZXING_WASM_SHA256 } from "barcode-detector/ponyfill";
import { describe, expect, it } from "vitest";

describe("the door's QR reader", () => {
  // barcode-detector carries its own copy of zxing-wasm's JavaScript, while the WebAssembly we serve
  // comes from the zxing-wasm package: upgrading one without the other would break the camera quietly.
  it("serves the very WebAssembly its JavaScript was built for", () => {
    const wasm = fs.readFileSync(createRequire(import.meta.url).resolve("zxing-wasm/reader/zxing_reader.wasm"));
    expect(createHash("sha256").update(wasm).digest("hex")).toBe(ZXING_WASM_SHA256);
  });
});
