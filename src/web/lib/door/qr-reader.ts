import {
  BarcodeDetector,
  prepareZXingModule,
  purgeZXingModule,
  setZXingModuleOverrides,
} from "barcode-detector/ponyfill";
import wasmUrl from "zxing-wasm/reader/zxing_reader.wasm?url";

/**
 * The door's QR reader where the browser has none of its own (iPhones, Firefox, desktop Chrome):
 * the BarcodeDetector API, done by ZXing's C++ reader compiled to WebAssembly (decision 0061). The
 * WebAssembly is one of our own hashed build files, never the library's default CDN, so a door
 * phone keeps it with the page for nights with no signal. Loaded only by the door, only when needed.
 */
const overrides = {
  locateFile: (path: string, prefix: string) => (path.endsWith(".wasm") ? wasmUrl : prefix + path),
};
// Ours from the start, and again after a failed load is cleared: the library's own default is its CDN.
setZXingModuleOverrides(overrides);

/** The reader, its WebAssembly fetched and compiled; a failed fetch (no signal yet) is tried afresh next time. */
export async function loadQrReader(): Promise<typeof BarcodeDetector> {
  try {
    await prepareZXingModule({ overrides, fireImmediately: true });
  } catch (error) {
    purgeZXingModule();
    setZXingModuleOverrides(overrides);
    throw error;
  }
  return BarcodeDetector;
}
