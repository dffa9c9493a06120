/**
 * How Partner Studio's waitlist pages filter and sort (issue 20). Apart from domain/waitlist.ts,
 * whose rules the event page ships to buyers: the Studio's lists stay out of the event page's code.
 */

/** A host's waitlist filtered by state (issue 20): those still in line, waiting or offered, by default. */
export const WAITLIST_FILTERS = ["open", "waiting", "offered", "purchased", "lapsed", "gone", "all"] as const;
export type WaitlistFilter = (typeof WAITLIST_FILTERS)[number];
/** A host's waitlist sorted by event (and the line's order in each), by when people joined, or by name. */
export const WAITLIST_SORTS = ["event", "joined", "name"] as const;
export type WaitlistSort = (typeof WAITLIST_SORTS)[number];
