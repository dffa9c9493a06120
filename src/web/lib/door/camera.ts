/**
 * The door's camera: the back camera's picture, read for QR codes by the browser's own
 * BarcodeDetector where it has one, else by @zxing/browser (loaded only then). `onCode` hears each
 * code as it comes into view; the same code again within a few seconds is the same scan.
 */
export async function startCamera(video: HTMLVideoElement, onCode: (code: string) => void): Promise<() => void> {
  const stream = await navigator.mediaDevices.getUserMedia({
    video: { facingMode: { ideal: "environment" } },
    audio: false,
  });
  let last = { code: "", at: 0 };
  const heard = (code: string) => {
    const now = Date.now();
    if (code === last.code && now - last.at < 3000) return;
    last = { code, at: now };
    onCode(code);
  };
  video.srcObject = stream;
  video.muted = true;
  video.playsInline = true;
  await video.play().catch(() => undefined);
  const stopStream = () => stream.getTracks().forEach((t) => t.stop());

  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (Detector && (await Detector.getSupportedFormats().catch((): string[] => [])).includes("qr_code")) {
    const detector = new Detector({ formats: ["qr_code"] });
    let running = true;
    const tick = async () => {
      if (!running) return;
      if (video.readyState >= 2) {
        const found = await detector.detect(video).catch(() => []);
        if (found[0]?.rawValue) heard(found[0].rawValue);
      }
      setTimeout(() => void tick(), 150);
    };
    void tick();
    return () => {
      running = false;
      stopStream();
    };
  }
  const { BrowserQRCodeReader } = await import("@zxing/browser");
  const reader = new BrowserQRCodeReader(undefined, { delayBetweenScanAttempts: 150 });
  const controls = await reader.decodeFromStream(stream, video, (result) => {
    if (result) heard(result.getText());
  });
  return () => {
    controls.stop();
    stopStream();
  };
}

interface BarcodeDetectorClass {
  new (options: { formats: string[] }): { detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]> };
  getSupportedFormats(): Promise<string[]>;
}
