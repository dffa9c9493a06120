import { HERO_WIDTHS, imageSrcSet, imageUrl } from "~/web/lib/images";

/**
 * The cover (loaded first, at the width the screen needs) with the status badges on it, then up to four more images.
 */
export function EventGallery({ images, name, badges }: { images: string[]; name: string; badges: string[] }) {
  const [cover, ...rest] = images;
  return (
    <div>
      <div className="relative aspect-[16/9] overflow-hidden rounded-2xl bg-surface-2">
        {cover ? (
          <img
            src={imageUrl(cover, 1200)}
            srcSet={imageSrcSet(cover, HERO_WIDTHS)}
            sizes="(min-width: 1280px) 800px, (min-width: 1024px) 60vw, 100vw"
            alt={`${name}: event image`}
            width={1200}
            height={675}
            fetchPriority="high"
            className="size-full object-cover"
          />
        ) : null}
        {badges.length > 0 ? (
          <ul aria-label="Status" className="absolute top-4 left-4 flex flex-wrap gap-2">
            {badges.map((b) => (
              <li key={b} className="rounded-full bg-neutral-900/85 px-3 py-1 text-sm font-semibold text-white">
                {b}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {rest.length > 0 ? (
        <ul className="mt-3 grid grid-cols-4 gap-3">
          {rest.slice(0, 4).map((key, i) => (
            <li key={key}>
              <img
                src={imageUrl(key, 640)}
                alt={`${name}: image ${i + 2}`}
                loading="lazy"
                width={640}
                height={360}
                className="aspect-[16/9] w-full rounded-xl object-cover"
              />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
