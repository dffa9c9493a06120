/** Europe/London wall-clock conversions without a date library (handles GMT/BST changes). */
const parts = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

const HOUR_MS = 3_600_000;
/**
 * London's offset from UTC (ms) for each UTC hour asked about. The offset only ever changes on the
 * hour, so one Intl lookup per hour is exact, and formatting with Intl is slow enough to show on
 * every page that lists events (and on every Checkout press). Bounded: cleared when full.
 */
const offsets = new Map<number, number>();

function londonOffsetMs(hour: number): number {
  let offset = offsets.get(hour);
  if (offset === undefined) {
    const at = new Date(hour * HOUR_MS);
    const f = Object.fromEntries(parts.formatToParts(at).map((p) => [p.type, p.value]));
    offset =
      Date.UTC(Number(f.year), Number(f.month) - 1, Number(f.day), Number(f.hour), Number(f.minute), Number(f.second)) -
      at.getTime();
    if (offsets.size >= 10_000) offsets.clear();
    offsets.set(hour, offset);
  }
  return offset;
}

function londonFields(date: Date) {
  const time = date.getTime();
  const shown = new Date(time + londonOffsetMs(Math.floor(time / HOUR_MS)));
  return {
    y: shown.getUTCFullYear(),
    m: shown.getUTCMonth() + 1,
    d: shown.getUTCDate(),
    h: shown.getUTCHours(),
    min: shown.getUTCMinutes(),
    s: shown.getUTCSeconds(),
  };
}

/** The London calendar date of an instant, as YYYY-MM-DD. */
export function londonYmd(date: Date): string {
  const { y, m, d } = londonFields(date);
  return `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

/** London's wall-clock time of an instant, as 'HH:MM' in 24 hours (what a time input holds). */
export function londonHhMm(date: Date): string {
  const { h, min } = londonFields(date);
  return `${String(h).padStart(2, "0")}:${String(min).padStart(2, "0")}`;
}

/** The instant at which London's clocks show `hhmm` on `ymd`. */
export function londonWallTimeToUtc(ymd: string, hhmm: string): Date {
  const [y, m, d] = ymd.split("-").map(Number) as [number, number, number];
  const [h, min] = hhmm.split(":").map(Number) as [number, number];
  const asUtc = Date.UTC(y, m - 1, d, h, min);
  // London is UTC or UTC+1: guess with the offset at that moment, then correct once.
  let guess = asUtc;
  for (let i = 0; i < 2; i++) {
    const f = londonFields(new Date(guess));
    const shown = Date.UTC(f.y, f.m - 1, f.d, f.h, f.min, f.s);
    guess = asUtc - (shown - guess);
  }
  return new Date(guess);
}

/** Adds whole calendar days to a YYYY-MM-DD date. */
export function addDaysYmd(ymd: string, days: number): string {
  const [y, m, d] = ymd.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** London's wall-clock time of an instant as 'HH:MM' on the 24-hour clock (a time input's value). */
export function londonHhmm(date: Date): string {
  const { h, min } = londonFields(date);
  return `${String(h).padStart(2, "0")}:${String(min).padStart(2, "0")}`;
}

const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Spec §5: a time is 'HH:MM' on the 24-hour clock. */
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * A date ('YYYY-MM-DD') and a London time ('HH:MM', 24-hour) as typed into a form, as the instant
 * they name: null when both are empty; otherwise what is missing or malformed.
 */
export function londonDateTimeFromForm(
  date: string,
  time: string,
): { ok: true; at: Date | null } | { ok: false; problem: "both" | "date" | "time" } {
  const d = date.trim();
  const t = time.trim();
  if (!d && !t) return { ok: true, at: null };
  if (!d || !t) return { ok: false, problem: "both" };
  const ymd = YMD.exec(d);
  if (!ymd) return { ok: false, problem: "date" };
  const [y, m, day] = [Number(ymd[1]), Number(ymd[2]), Number(ymd[3])];
  const real = new Date(Date.UTC(y, m - 1, day));
  if (y < 2000 || y > 2100 || real.getUTCMonth() !== m - 1 || real.getUTCDate() !== day)
    return { ok: false, problem: "date" };
  if (!HHMM.test(t)) return { ok: false, problem: "time" };
  return { ok: true, at: londonWallTimeToUtc(d, t) };
}
