/**
 * The door's camera: the back camera's picture, read for QR codes by the browser's own
 * BarcodeDetector where it has one that reads them, else by the same API done in WebAssembly
 * (`qr-reader.ts`, loaded only then). `onCode` hears each code as it comes into view and says
 * whether it took it (not while an answer is on screen); a code it took, seen again within a few
 * seconds, is the same scan, while one it did not take is offered again at the next look.
 */
export async function startCamera(video: HTMLVideoElement, onCode: (code: string) => boolean): Promise<() => void> {
  // The camera is asked for first, in the tap itself (some browsers ask permission only then), and
  // let go again if the reader cannot be had.
  const streaming = navigator.mediaDevices.getUserMedia({
    video: { facingMode: { ideal: "environment" } },
    audio: false,
  });
  // (Marked as heard now: a refusal that comes while the reader loads is not an unhandled one.)
  void streaming.catch(() => undefined);
  const detector = await qrDetector().catch((error: unknown) => {
    void streaming.then(stopTracks, () => undefined);
    throw error;
  });
  const stream = await streaming;
  let last = { code: "", at: 0 };
  const heard = (code: string) => {
    const now = Date.now();
    if (code === last.code && now - last.at < 3000) return;
    if (onCode(code)) last = { code, at: now };
  };
  video.srcObject = stream;
  video.muted = true;
  video.playsInline = true;
  await video.play().catch(() => undefined);

  // A look every 150 ms, each at the picture as it is then (a phone turned sideways changes its size).
  let running = true;
  const look = async () => {
    if (!running) return;
    if (video.readyState >= 2 && video.videoWidth > 0) {
      const found = await detector.detect(video).catch(() => []);
      if (running && found[0]?.rawValue) heard(found[0].rawValue);
    }
    setTimeout(() => void look(), 150);
  };
  void look();
  return () => {
    running = false;
    stopTracks(stream);
  };
}

const stopTracks = (stream: MediaStream) => stream.getTracks().forEach((t) => t.stop());

interface QrDetector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}

/**
 * The browser's own reader where it reads QR codes (Chrome on Android), else ours. Called as the
 * door opens too, so the WebAssembly is fetched (and kept for offline) while there is signal.
 */
export async function qrDetector(): Promise<QrDetector> {
  const Native = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (Native && (await Native.getSupportedFormats().catch((): string[] => [])).includes("qr_code"))
    return new Native({ formats: ["qr_code"] });
  try {
    const { loadQrReader } = await import("./qr-reader");
    return new (await loadQrReader())({ formats: ["qr_code"] });
  } catch (error) {
    throw new QrReaderUnavailable(error);
  }
}

/** The reader could not be loaded (most often: this device never fetched it, and has no signal now). */
export class QrReaderUnavailable extends Error {
  constructor(cause: unknown) {
    super("The QR reader could not be loaded", { cause });
  }
}

interface BarcodeDetectorClass {
  new (options: { formats: string[] }): QrDetector;
  getSupportedFormats(): Promise<string[]>;
}
