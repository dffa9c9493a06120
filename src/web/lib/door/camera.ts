/**
 * The door's camera: the back camera's picture, read for QR codes by the browser's own
 * BarcodeDetector where it has one, else by @zxing/browser (loaded only then). `onCode` hears each
 * code as it comes into view and says whether it took it (not while an answer is on screen); a code
 * it took, seen again within a few seconds, is the same scan, while one it did not take is offered
 * again at the next look.
 */
export async function startCamera(video: HTMLVideoElement, onCode: (code: string) => boolean): Promise<() => void> {
  const stream = await navigator.mediaDevices.getUserMedia({
    video: { facingMode: { ideal: "environment" } },
    audio: false,
  });
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
  // Our own look every 150 ms, at the picture's size as it is then. zxing's own loop sizes its canvas
  // once, as it starts: started before the camera's first frame (a busy phone) it read a 0 × 0 picture,
  // failed in a way it does not retry, and the camera stayed on reading nothing; and a phone turned
  // sideways changes the picture's size.
  const { BrowserQRCodeReader } = await import("@zxing/browser");
  const reader = new BrowserQRCodeReader();
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d", { willReadFrequently: true });
  let running = true;
  const look = () => {
    if (!running) return;
    if (context && video.readyState >= 2 && video.videoWidth > 0 && video.videoHeight > 0) {
      if (canvas.width !== video.videoWidth) canvas.width = video.videoWidth;
      if (canvas.height !== video.videoHeight) canvas.height = video.videoHeight;
      context.drawImage(video, 0, 0, canvas.width, canvas.height);
      try {
        heard(reader.decodeFromCanvas(canvas).getText());
      } catch {
        // No code in view this time: look again.
      }
    }
    setTimeout(look, 150);
  };
  look();
  return () => {
    running = false;
    stopStream();
  };
}

interface BarcodeDetectorClass {
  new (options: { formats: string[] }): { detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]> };
  getSupportedFormats(): Promise<string[]>;
}
