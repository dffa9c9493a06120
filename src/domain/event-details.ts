import { findCategory } from "./categories";
import { addDaysYmd, londonHhMm, londonWallTimeToUtc, londonYmd } from "~/lib/london-time";

/**
 * What a host types about an event (name, when, where, how it sells) and the rules it must keep
 * before it is saved: each rule names its field, so the form can say what is wrong where. Pure.
 */

export const EVENT_NAME_MAX = 120;
export const EVENT_SLUG_MAX = 80;
export const EVENT_TAGS_MAX = 10;
export const EVENT_TAG_MAX = 30;
export const EVENT_DESCRIPTION_MAX = 20_000;
/** An event runs at most a week: longer is a typing slip (a wrong month) far more often than a real run. */
export const EVENT_LONGEST_HOURS = 7 * 24;
/** Pictures one event may have: the first is its cover on cards and its page. */
export const EVENT_IMAGES_MAX = 10;
/** The dates one repeat may make, the event's own included: a weekly season of a year. */
export const REPEAT_DATES_MIN = 2;
export const REPEAT_DATES_MAX = 52;

export const REPEAT_EVERY = ["weekly", "fortnightly", "monthly"] as const;
export type RepeatEvery = (typeof REPEAT_EVERY)[number];

export interface EventDetailsInput {
  name: string;
  /** Empty: made from the name. */
  slug: string;
  category: string;
  eventType: string;
  subcategories: string[];
  /** As typed: comma separated. */
  tags: string;
  /** London calendar date, YYYY-MM-DD. */
  date: string;
  /** London wall time, 'HH:MM' in 24 hours (spec §5). */
  time: string;
  /** Optional end: both or neither; an end date without a time is refused. */
  endDate: string;
  endTime: string;
  isOnline: boolean;
  onlineUrl: string;
  venueId: string;
  isPrivate: boolean;
  rsvp: boolean;
  currency: "GBP" | "EUR";
  feeMode: "pass" | "absorb";
}

export interface EventDetails {
  name: string;
  slug: string;
  category: string;
  eventType: string;
  subcategories: string[];
  tags: string[];
  startsAt: Date;
  endsAt: Date | null;
  isOnline: boolean;
  onlineUrl: string | null;
  venueId: string | null;
  isPrivate: boolean;
  rsvp: boolean;
  currency: "GBP" | "EUR";
  feeMode: "pass" | "absorb";
}

export type DetailsVerdict = { ok: true; details: EventDetails } | { ok: false; fieldErrors: Record<string, string> };

const SLUG = /^[a-z0-9_-]+$/;
const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** 'HH:MM' in 24 hours, as spec §5 asks of every time string: "9:30" and "24:00" are not times. */
export function isClockTime(value: string): boolean {
  return HHMM.test(value);
}

/** A real calendar date as YYYY-MM-DD (no 31 February). */
export function isCalendarDate(value: string): boolean {
  const m = YMD.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return y >= 2000 && y <= 2200 && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** An event's web address from its name: lower case, hyphens, nothing else (spec §5's slug rule). */
export function slugFromName(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, EVENT_SLUG_MAX)
    .replace(/-+$/g, "");
}

/** Tags as typed ("quiz, Pub,  quiz") → trimmed, lower case, each once, in the order given. */
export function parseTags(typed: string): string[] {
  const seen = new Set<string>();
  for (const raw of typed.split(",")) {
    const tag = raw.trim().replace(/\s+/g, " ").toLowerCase();
    if (tag) seen.add(tag);
  }
  return [...seen];
}

/**
 * Checks everything the form sent and answers the event's details, or every problem at once by
 * field. `slugLocked`: the event has been published, so its address is fixed (links to it are out
 * in the world); the slug sent is then ignored in favour of `currentSlug`.
 */
export function checkEventDetails(
  input: EventDetailsInput,
  opts: { slugLocked: boolean; currentSlug?: string },
): DetailsVerdict {
  const errors: Record<string, string> = {};
  const name = input.name.trim().replace(/\s+/g, " ");
  if (!name) errors.name = "Give the event a name.";
  else if (name.length > EVENT_NAME_MAX) errors.name = `Keep the name to ${EVENT_NAME_MAX} characters.`;

  let slug = opts.slugLocked && opts.currentSlug ? opts.currentSlug : input.slug.trim().toLowerCase();
  if (!opts.slugLocked) {
    if (!slug) slug = slugFromName(name);
    // Left blank, the address is made from the name: without a name, the name's own message says what to do.
    if (!slug) {
      if (name) errors.slug = "Choose a web address: lowercase letters, digits, underscores and hyphens.";
    } else if (!SLUG.test(slug))
      errors.slug = "Use only lowercase letters, digits, underscores and hyphens in the web address.";
    else if (slug.length > EVENT_SLUG_MAX) errors.slug = `Keep the web address to ${EVENT_SLUG_MAX} characters.`;
  }

  const category = findCategory(input.category);
  if (!category) errors.category = "Choose a category.";
  const types = new Set(category?.types.map((t) => t.slug) ?? []);
  if (category && !types.has(input.eventType)) errors.eventType = `Choose a type from ${category.label}.`;
  const subcategories = [...new Set(input.subcategories)].filter((s) => s !== input.eventType);
  if (category && subcategories.some((s) => !types.has(s)))
    errors.subcategories = `Choose subcategories from ${category.label}.`;

  const tags = parseTags(input.tags);
  if (tags.length > EVENT_TAGS_MAX) errors.tags = `Use at most ${EVENT_TAGS_MAX} tags.`;
  else if (tags.some((t) => t.length > EVENT_TAG_MAX)) errors.tags = `Keep each tag to ${EVENT_TAG_MAX} characters.`;

  let startsAt: Date | null = null;
  if (!isCalendarDate(input.date)) errors.date = "Enter the date as day, month and year.";
  if (!isClockTime(input.time)) errors.time = "Enter the start time as HH:MM, 24-hour (for example 19:30).";
  if (!errors.date && !errors.time) startsAt = londonWallTimeToUtc(input.date, input.time);

  let endsAt: Date | null = null;
  const endGiven = input.endDate.trim() !== "" || input.endTime.trim() !== "";
  if (endGiven) {
    // An end time alone is on the start's day (a gig from 19:30 to 23:00).
    const endDate = input.endDate.trim() || input.date;
    if (!isCalendarDate(endDate)) errors.endDate = "Enter the end date as day, month and year.";
    else if (!isClockTime(input.endTime)) errors.endTime = "Enter the end time as HH:MM, 24-hour (for example 23:00).";
    else if (startsAt) {
      endsAt = londonWallTimeToUtc(endDate, input.endTime);
      if (endsAt.getTime() <= startsAt.getTime()) errors.endTime = "The end must be after the start.";
      else if (endsAt.getTime() - startsAt.getTime() > EVENT_LONGEST_HOURS * 3_600_000)
        errors.endDate = "An event can last at most a week: check the end date.";
    }
  }

  let onlineUrl: string | null = null;
  const url = input.onlineUrl.trim();
  if (url) {
    if (!isHttpsUrl(url)) errors.onlineUrl = "Enter the full link people join by, starting https://.";
    else onlineUrl = url;
  }
  const venueId = input.venueId.trim() || null;

  if (Object.keys(errors).length > 0) return { ok: false, fieldErrors: errors };
  return {
    ok: true,
    details: {
      name,
      slug,
      category: category!.slug,
      eventType: input.eventType,
      subcategories,
      tags,
      startsAt: startsAt!,
      endsAt,
      isOnline: input.isOnline,
      // An online event keeps no venue, and a venue event no link: the form shows one or the other.
      onlineUrl: input.isOnline ? onlineUrl : null,
      venueId: input.isOnline ? null : venueId,
      isPrivate: input.isPrivate,
      rsvp: input.rsvp,
      currency: input.currency,
      feeMode: input.feeMode,
    },
  };
}

function isHttpsUrl(value: string): boolean {
  if (value.length > 500) return false;
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname.includes(".");
  } catch {
    return false;
  }
}

/**
 * The dates of a repeated event, the first being the event's own: each keeps the London wall time
 * of the first across the clocks changing (a 19:30 quiz stays 19:30 in winter and summer). Monthly
 * keeps the day of the month, or the month's last day when it is shorter (31 January → 28 February).
 */
export function repeatDates(
  first: { startsAt: Date; endsAt: Date | null },
  every: RepeatEvery,
  count: number,
): { startsAt: Date; endsAt: Date | null }[] {
  const startYmd = londonYmd(first.startsAt);
  const startTime = londonHhMm(first.startsAt);
  const [y, m, d] = startYmd.split("-").map(Number) as [number, number, number];
  const span = first.endsAt ? first.endsAt.getTime() - first.startsAt.getTime() : null;
  const endDayOffset = first.endsAt ? daysBetween(startYmd, londonYmd(first.endsAt)) : 0;
  const endTime = first.endsAt ? londonHhMm(first.endsAt) : null;
  const dates: { startsAt: Date; endsAt: Date | null }[] = [];
  for (let i = 0; i < count; i++) {
    let day: Date;
    if (every === "monthly") {
      const lastDay = new Date(Date.UTC(y, m - 1 + i + 1, 0)).getUTCDate();
      day = new Date(Date.UTC(y, m - 1 + i, Math.min(d, lastDay)));
    } else {
      day = new Date(Date.UTC(y, m - 1, d + i * (every === "weekly" ? 7 : 14)));
    }
    const ymd = day.toISOString().slice(0, 10);
    const startsAt = londonWallTimeToUtc(ymd, startTime);
    let endsAt: Date | null = null;
    if (span !== null && endTime) {
      endsAt = londonWallTimeToUtc(addDaysYmd(ymd, endDayOffset), endTime);
      // Should the clocks change inside the event itself, keep its length instead.
      if (endsAt.getTime() <= startsAt.getTime()) endsAt = new Date(startsAt.getTime() + span);
    }
    dates.push({ startsAt, endsAt });
  }
  return dates;
}

function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}
