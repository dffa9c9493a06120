import QRCode from "qrcode";

/**
 * A ticket's code as a QR code, drawn on the server as SVG: black on white whatever the theme
 * (door scanners want high contrast), sharp at any size, no script. `margin` is in modules.
 */
export function ticketQrSvg(code: string, margin = 2): Promise<string> {
  return QRCode.toString(code, {
    type: "svg",
    errorCorrectionLevel: "M",
    margin,
    color: { dark: "#000000", light: "#ffffff" },
  });
}
