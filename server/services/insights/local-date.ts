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

/** The calendar day an instant falls on in a time zone. */
export function localDateOf(instant: Date, timeZone: string): string {
  const parts = formatterFor(timeZone).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("year")}-${get("month")}-${get("day")}`;
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
