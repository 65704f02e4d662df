import cronParser from "cron-parser";
import { z } from "zod";
import type { SocialSchedule } from "@/db/schema";
import { distinctItems } from "@/server/contracts/schemas";

/**
 * When an automation posts: on days of the week at local times in a time zone, or on a
 * five-field cron expression evaluated in a time zone (daylight-saving changes included). Posts
 * are at least MIN_GAP_MINUTES apart, so a schedule cannot flood an account.
 */
export const WEEKDAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as const;
export const MIN_GAP_MINUTES = 15;

export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

const TimeZone = z
  .string()
  .min(1)
  .max(64)
  .refine(isTimeZone, "must be an IANA time zone such as Europe/Berlin")
  .meta({ description: "IANA time zone the times are local to (default UTC).", example: "Europe/Berlin" });

export const WeeklySchedule = z
  .object({
    type: z.literal("weekly"),
    timeZone: TimeZone.default("UTC"),
    days: distinctItems(z.array(z.enum(WEEKDAYS)).min(1).max(7), "days must be distinct").meta({
      description: "Days of the week: sun, mon, tue, wed, thu, fri, sat.",
    }),
    times: distinctItems(
      z
        .array(
          z
            .string()
            .max(5)
            .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be HH:MM (24-hour)"),
        )
        .min(1)
        .max(24),
      "times must be distinct",
    ).meta({ description: "Local times, HH:MM (24-hour)." }),
  })
  .strict()
  .meta({ id: "WeeklySocialSchedule" });

export const CronSchedule = z
  .object({
    type: z.literal("cron"),
    timeZone: TimeZone.default("UTC"),
    expression: z.string().min(9).max(120).meta({ description: "Five fields: minute hour day-of-month month day-of-week.", example: "0 9 * * 1-5" }),
  })
  .strict()
  .meta({ id: "CronSocialSchedule" });

export const ScheduleSchema = z
  .discriminatedUnion("type", [WeeklySchedule, CronSchedule])
  .superRefine((s, ctx) => {
    const problem = scheduleProblem(s);
    if (problem) ctx.addIssue({ code: "custom", message: problem, path: s.type === "cron" ? ["expression"] : ["times"] });
  })
  .meta({ id: "SocialSchedule", description: "Days of the week at local times, or a cron cadence, in a time zone." });

/** The cron expressions a schedule fires on (a weekly schedule: one per distinct time). */
function expressionsOf(s: SocialSchedule): string[] {
  if (s.type === "cron") return [s.expression.trim()];
  const days = [...new Set(s.days.map((d) => WEEKDAYS.indexOf(d as (typeof WEEKDAYS)[number])))].sort().join(",");
  return s.times.map((t) => {
    const [h, m] = t.split(":").map(Number);
    return `${m} ${h} * * ${days}`;
  });
}

/** The first time the schedule fires strictly after `after`. */
export function nextRunAfter(s: SocialSchedule, after: Date): Date {
  let best: Date | null = null;
  for (const expr of expressionsOf(s)) {
    const next = cronParser.parseExpression(expr, { currentDate: after, tz: s.timeZone }).next().toDate();
    if (!best || next < best) best = next;
  }
  return best!;
}

/** Why a schedule cannot be used, or null: a malformed cron, or runs closer than MIN_GAP_MINUTES. */
export function scheduleProblem(s: SocialSchedule): string | null {
  // Refinements run even after a field failed its own check: bail out on what the fields report.
  if (!isTimeZone(s.timeZone)) return "timeZone must be an IANA time zone";
  if (s.type === "weekly" && !s.times.every((t) => /^([01]\d|2[0-3]):[0-5]\d$/.test(t))) return "times must be HH:MM";
  if (s.type === "weekly" && !s.days.every((d) => (WEEKDAYS as readonly string[]).includes(d))) return "days must be weekday names";
  if (s.type === "cron") {
    const fields = s.expression.trim().split(/\s+/);
    if (fields.length !== 5) return "expression must have five fields: minute hour day-of-month month day-of-week";
    try {
      cronParser.parseExpression(s.expression.trim(), { tz: s.timeZone });
    } catch (err) {
      return `expression is not valid: ${err instanceof Error ? err.message : String(err)}`;
    }
  }
  if (s.type === "weekly") {
    if (s.days.length === 0 || s.times.length === 0) return "days and times must not be empty";
    // Local times of one day, in order; the wrap to the next day's first time counts too.
    const minutes = s.times.map((t) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3))).sort((a, b) => a - b);
    const gaps = minutes.map((m, i) => (i === 0 ? m + 1440 - minutes.at(-1)! : m - minutes[i - 1]!));
    return minutes.length > 1 && Math.min(...gaps) < MIN_GAP_MINUTES ? `runs must be at least ${MIN_GAP_MINUTES} minutes apart` : null;
  }
  // A cron expression: check the gaps over its next few dozen runs.
  let at = new Date(Date.UTC(2030, 0, 1));
  let previous: Date | null = null;
  try {
    for (let i = 0; i < 60; i++) {
      const next = nextRunAfter(s, at);
      if (previous && next.getTime() - previous.getTime() < MIN_GAP_MINUTES * 60_000) return `runs must be at least ${MIN_GAP_MINUTES} minutes apart`;
      previous = next;
      at = next;
    }
  } catch (err) {
    return `the schedule cannot be evaluated: ${err instanceof Error ? err.message : String(err)}`;
  }
  return null;
}
