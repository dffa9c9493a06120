const WORDS: Record<string, string> = {
  draft: "Draft",
  published: "On sale",
  unpublished: "Unpublished",
  archived: "Archived",
};

/**
 * An event's state in the Studio's words, one word for every page that shows it: cancelled above all,
 * and a published event whose date has passed "Ended", not "On sale".
 */
export function eventStatusWord(e: { status: string; isCancelled: boolean }, ended = false): string {
  if (e.isCancelled) return "Cancelled";
  if (ended && e.status === "published") return "Ended";
  return WORDS[e.status] ?? e.status;
}
