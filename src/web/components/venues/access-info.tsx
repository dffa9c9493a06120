import { Accessibility, Check, X, type LucideIcon } from "lucide-react";
import { ACCESS_FEATURES, type AccessFeature, hasAccessInfo, type VenueAccess } from "~/domain/venue-access";
import { accessLabels } from "~/texts/venue-messages";
import { Armchair, Ear, SquareParking, Toilet, VolumeOff } from "./access-icons";

const labels = accessLabels;

export const ACCESS_ICONS: Record<AccessFeature, LucideIcon> = {
  stepFree: Accessibility,
  accessibleToilets: Toilet,
  hearingLoop: Ear,
  seating: Armchair,
  quietSpace: VolumeOff,
  accessibleParking: SquareParking,
};

/** What a venue offers, as a row of icons for a list: each named for screen readers and on hover. */
export function AccessIcons({ access }: { access: VenueAccess }) {
  const offered = ACCESS_FEATURES.filter((f) => access[f] === true);
  if (offered.length === 0)
    return <span className="text-xs text-fg-muted">{hasAccessInfo(access) ? "See details" : "Not given yet"}</span>;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Access">
      {offered.map((f) => {
        const Icon = ACCESS_ICONS[f];
        return (
          <li
            key={f}
            title={labels[f].yes}
            className="grid size-7 place-items-center rounded-full bg-brand-soft text-brand"
          >
            <Icon aria-hidden className="size-4" />
            <span className="sr-only">{labels[f].yes}</span>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * A venue's access information, once, in words with icons: what it has, what it has not (said
 * plainly, so nobody travels on a guess), and the host's own notes. Nothing when nothing is said.
 */
export function AccessBlock({
  access,
  headingLevel = 2,
  id = "access-heading",
  className = "mt-8",
}: {
  access: VenueAccess;
  headingLevel?: 2 | 3;
  id?: string;
  className?: string;
}) {
  if (!hasAccessInfo(access)) return null;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const said = ACCESS_FEATURES.filter((f) => access[f] !== null);
  return (
    <section aria-labelledby={id} className={className}>
      <Heading id={id} className={headingLevel === 2 ? "text-xl font-bold" : "text-lg font-bold"}>
        Access
      </Heading>
      <div className="card mt-3 p-5">
        {said.length > 0 ? (
          <ul className="grid grid-cols-1 gap-3 tablet:grid-cols-2">
            {said.map((f) => {
              const Icon = ACCESS_ICONS[f];
              const yes = access[f] === true;
              return (
                <li key={f} className="flex items-center gap-3">
                  <span
                    className={`relative grid size-9 shrink-0 place-items-center rounded-full ${
                      yes ? "bg-brand-soft text-brand" : "bg-surface-2 text-fg-muted"
                    }`}
                  >
                    <Icon aria-hidden className="size-5" />
                    <span
                      className={`absolute -right-1 -bottom-1 grid size-4 place-items-center rounded-full border-2
                        border-surface ${yes ? "bg-success" : "bg-fg-muted"} text-surface`}
                    >
                      {yes ? <Check aria-hidden className="size-2.5" /> : <X aria-hidden className="size-2.5" />}
                    </span>
                  </span>
                  <span className={yes ? "font-medium" : "text-fg-muted"}>{yes ? labels[f].yes : labels[f].no}</span>
                </li>
              );
            })}
          </ul>
        ) : null}
        {access.notes ? (
          <p className={`whitespace-pre-line break-words ${said.length > 0 ? "mt-4 border-t border-border pt-4" : ""}`}>
            {access.notes}
          </p>
        ) : null}
      </div>
    </section>
  );
}
