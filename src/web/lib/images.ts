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

/** `url=…` for a stored file, encoded once however many widths are asked for. */
function sourceParam(keyOrPath: string): string {
  return new URLSearchParams({ url: mediaPath(keyOrPath) }).toString();
}

export function imageUrl(keyOrPath: string, width: number, quality = 75): string {
  return `/img?${sourceParam(keyOrPath)}&w=${width}${quality === 75 ? "" : `&q=${quality}`}`;
}

export function imageSrcSet(keyOrPath: string, widths: readonly number[]): string {
  const source = sourceParam(keyOrPath);
  return widths.map((w) => `/img?${source}&w=${w} ${w}w`).join(", ");
}
