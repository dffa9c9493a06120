import { BadgeCheck } from "lucide-react";
import type { CSSProperties } from "react";
import { type BrandColors, readColor, WHITE_TEXT } from "~/domain/host-profile";
import type { WidgetHost } from "~/services/host-widget";

/**
 * The host's main colour as the site's own button colour (`--brand-strong`, with the text colour
 * that reads on it as `--on-brand`), for the pages the host puts elsewhere: the widget and signage.
 * Only backgrounds take it: a saved colour is checked against its text (4.5:1), not against the
 * page, so text and links keep the site's own colours.
 */
export function hostBrandStyle(colors: BrandColors): CSSProperties | undefined {
  if (!colors.brandColor) return undefined;
  return {
    "--brand-strong": colors.brandColor,
    "--on-brand": readColor(colors.brandColor).text ?? WHITE_TEXT,
  } as CSSProperties;
}

/** The host's picture, or their initials on the brand's soft colour. */
export function HostAvatar({ host, className }: { host: Pick<WidgetHost, "name" | "image">; className: string }) {
  const initials =
    host.name
      .split(/\s+/)
      .map((part) => part[0] ?? "")
      .join("")
      .slice(0, 2)
      .toUpperCase() || "?";
  return (
    <span
      className={`grid shrink-0 place-items-center overflow-hidden rounded-full bg-surface font-bold text-fg
        ${className}`}
    >
      {host.image ? (
        <img src={host.image} alt="" className="size-full object-cover" width={160} height={160} />
      ) : (
        <span aria-hidden>{initials}</span>
      )}
    </span>
  );
}

/** The host's name, with the verified badge when they have one. */
export function HostName({
  host,
  badgeClassName,
}: {
  host: Pick<WidgetHost, "name" | "isVerified">;
  badgeClassName: string;
}) {
  return (
    <>
      <span className="min-w-0 break-words">{host.name}</span>
      {host.isVerified ? (
        <BadgeCheck role="img" aria-label="Verified host" className={`shrink-0 ${badgeClassName}`} />
      ) : null}
    </>
  );
}
