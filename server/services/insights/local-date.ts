/**
 * Member-local calendar days as `YYYY-MM-DD` strings. Day arithmetic is done on the calendar
 * (UTC noon of the date), never by adding 24 hours to an instant, so DST changes cannot shift it.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    formatters.set(timeZone, f);
  }
  return f;
}

/** A usable IANA zone: the member's own, or UTC when the stored one is unknown to this runtime. */
export function safeTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return "UTC";
  try {
    formatterFor(timeZone);
    return timeZone;
  } catch {
    return "UTC";
  }
}

function formatDay(ms: number, timeZone: string): string {
  const parts = formatterFor(timeZone).formatToParts(ms);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("year")}-${get("month")}-${get("day")}`;
}

/**
 * Days of quarter-hours, per zone: a zone's day changes only at its midnight or at an offset change,
 * and both fall on quarter-hours of UTC (offsets are whole quarter-hours), so when a quarter-hour's
 * first and last millisecond fall on the same day every instant between does. A batch of entries
 * costs a few formatToParts calls (about 8 µs each) instead of one per entry.
 */
const QUARTER_HOUR_MS = 15 * 60 * 1000;
const quarterDays = new Map<string, string | null>();

/** The calendar day an instant falls on in a time zone. */
export function localDateOf(instant: Date, timeZone: string): string {
  const ms = instant.getTime();
  if (timeZone === "UTC") return instant.toISOString().slice(0, 10);
  const q = Math.floor(ms / QUARTER_HOUR_MS);
  const key = `${timeZone}\u0000${q}`;
  let day = quarterDays.get(key);
  if (day === undefined) {
    const first = formatDay(q * QUARTER_HOUR_MS, timeZone);
    day = first === formatDay((q + 1) * QUARTER_HOUR_MS - 1, timeZone) ? first : null;
    if (quarterDays.size > 100_000) quarterDays.clear();
    quarterDays.set(key, day);
  }
  return day ?? formatDay(ms, timeZone);
}

const EPOCH_NOON = Date.UTC(1970, 0, 1, 12);
/** Day numbers since 1970-01-01 and back, memoized: the digest does thousands of these per build. */
const dayNumbers = new Map<string, number>();
const dayStrings = new Map<number, string>();

function dayNumber(day: string): number {
  let n = dayNumbers.get(day);
  if (n === undefined) {
    n = Math.round((Date.parse(`${day}T12:00:00Z`) - EPOCH_NOON) / 86_400_000);
    if (dayNumbers.size > 100_000) dayNumbers.clear();
    dayNumbers.set(day, n);
  }
  return n;
}

function dayString(n: number): string {
  let s = dayStrings.get(n);
  if (s === undefined) {
    s = new Date(EPOCH_NOON + n * 86_400_000).toISOString().slice(0, 10);
    if (dayStrings.size > 100_000) dayStrings.clear();
    dayStrings.set(n, s);
  }
  return s;
}

export function addDays(day: string, n: number): string {
  return n === 0 ? day : dayString(dayNumber(day) + n);
}

/** Whole calendar days from `a` to `b` (positive when b is later). */
export function daysBetween(a: string, b: string): number {
  return dayNumber(b) - dayNumber(a);
}

/** Every day from `from` to `to`, inclusive, in order. */
export function dayRange(from: string, to: string): string[] {
  const out: string[] = [];
  for (let n = dayNumber(from), last = dayNumber(to); n <= last; n++) out.push(dayString(n));
  return out;
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** `Tue 4 Jun`, for prose. */
export function shortDay(day: string): string {
  const d = new Date(`${day}T12:00:00Z`);
  return `${WEEKDAYS[d.getUTCDay()]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
}
