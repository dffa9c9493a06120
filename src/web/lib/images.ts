/**
 * Responsive images through our `/img` resizer (spec §7: url, w, q with q 75 by default). Widths
 * must be ones the resizer serves (src/server/api/img.ts); the browser picks by `sizes`.
 */
export const CARD_WIDTHS = [640, 750, 828, 1080] as const;
export const HERO_WIDTHS = [640, 828, 1200, 1920] as const;

/** The public path of a stored file: event images are stored keys, profile images already paths. */
export function mediaPath(keyOrPath: string): string {
  return keyOrPath.startsWith("/") ? keyOrPath : `/media/${keyOrPath}`;
}

export function imageUrl(keyOrPath: string, width: number, quality = 75): string {
  const params = new URLSearchParams({ url: mediaPath(keyOrPath), w: String(width) });
  if (quality !== 75) params.set("q", String(quality));
  return `/img?${params}`;
}

export function imageSrcSet(keyOrPath: string, widths: readonly number[]): string {
  return widths.map((w) => `${imageUrl(keyOrPath, w)} ${w}w`).join(", ");
}
