import { Accessibility, X } from "lucide-react";
import type { PositionKind } from "~/domain/seat-layout";

/** The editor's tools, one per kind of position, with the key that picks each on the plan. */
export const TOOLS: readonly { kind: PositionKind; label: string; key: string }[] = [
  { kind: "seat", label: "Seat", key: "1" },
  { kind: "gap", label: "Gap (aisle)", key: "2" },
  { kind: "blocked", label: "Blocked (not for sale)", key: "3" },
  { kind: "wheelchair", label: "Wheelchair space", key: "4" },
  { kind: "companion", label: "Companion seat", key: "5" },
];

/** What a position is, in words a screen reader says after its row and number. */
export const KIND_WORDS: Record<PositionKind, string> = {
  seat: "seat",
  gap: "gap",
  blocked: "blocked, not for sale",
  wheelchair: "wheelchair space",
  companion: "companion seat",
};

/**
 * Tints for sections, in order; a section's name is in each of its seats' words too, so the colour
 * is never the only way to tell.
 */
export const SECTION_TINTS = [
  "bg-sky-500/20",
  "bg-amber-500/25",
  "bg-emerald-500/20",
  "bg-violet-500/20",
  "bg-orange-500/20",
  "bg-teal-500/20",
] as const;
export const sectionTint = (index: number) => SECTION_TINTS[index % SECTION_TINTS.length]!;

/** How a position looks on the plan, the palette and the legend alike. */
export function positionLook(kind: PositionKind): string {
  switch (kind) {
    case "seat":
      return "border-2 border-fg-muted/70";
    case "gap":
      return "border border-dashed border-fg-muted/50 bg-transparent";
    case "blocked":
      return "bg-fg-muted/35 text-fg";
    case "wheelchair":
      return "border-2 border-brand bg-brand-soft text-brand";
    case "companion":
      return "border-2 border-brand/70 text-brand";
  }
}

export function PositionGlyph({ kind, className = "size-3.5" }: { kind: PositionKind; className?: string }) {
  if (kind === "blocked") return <X aria-hidden className={className} />;
  if (kind === "wheelchair") return <Accessibility aria-hidden className={className} />;
  if (kind === "companion")
    return (
      <span aria-hidden className="text-[11px] leading-none font-bold">
        C
      </span>
    );
  return null;
}

/** A small sample of a kind of position, for the palette and the legend. */
export function PositionSample({ kind }: { kind: PositionKind }) {
  return (
    <span aria-hidden className={`grid size-5 shrink-0 place-items-center rounded-md ${positionLook(kind)}`}>
      <PositionGlyph kind={kind} className="size-3" />
    </span>
  );
}
