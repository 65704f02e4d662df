import { getDb } from "@/db/client";
import { getMemberAnalytics } from "@/server/services/analytics/get-member-analytics";
import { getPlanAnalytics } from "@/server/services/analytics/get-plan-analytics";
import { getWorkoutAnalytics } from "@/server/services/analytics/get-workout-analytics";
import type { AnalyticsRange } from "@/server/services/analytics/range";
import { BarChart, DataTable, DropOffTimeline, RangePicker, Stat, dayLabel, num, pct } from "@/components/console/analytics/charts";

const KIND: Record<string, string> = {
  exercise: "Exercise",
  break: "Rest",
  multiExercise: "Circuit",
  class: "Class",
  promo: "Promo",
  educational: "Tip",
  intro: "Intro",
  outro: "Outro",
};
const REASON = { adherence_drop: "adherence dropped by 20 points or more", inactive: "no session for 7 days or more" } as const;
const share = (v: number | null) => (v === null ? "–" : `${v} %`);

/** A workout's funnel, drop-off on its timeline and feedback (the service behind GET .../analytics/workouts/{id}). */
export async function WorkoutAnalyticsPanel({
  organizationId,
  workoutId,
  range,
  action,
}: {
  organizationId: string;
  workoutId: string;
  range: AnalyticsRange;
  action: string;
}) {
  const d = await getWorkoutAnalytics(getDb(), { organizationId, workoutId, range, locale: "en-US" });
  const segmentName = (s: (typeof d.dropOff)[number]) => s.name ?? `${KIND[s.kind] ?? s.kind} ${s.position + 1}`;
  return (
    <section className="mt-8" aria-label="Workout analytics" data-testid="workout-analytics">
      <h2 className="mb-2 text-lg font-semibold">How members play it</h2>
      <RangePicker action={action} from={range.from} to={range.to} interval={range.interval} />
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-5" data-testid="funnel">
        <Stat label="Started" value={num(d.totals.starts)} />
        <Stat label="Finished" value={num(d.totals.finishes)} note="ended or completed" />
        <Stat label="Played to the end" value={num(d.totals.completions)} note={`${pct(d.totals.completionRate)} of starts`} />
        <Stat label="Median share watched" value={pct(d.totals.medianShareWatched)} />
        <Stat label="Rating" value={d.totals.ratingAverage === null ? "–" : `${d.totals.ratingAverage} / 5`} note={`${num(d.totals.ratingCount)} ratings`} />
      </div>
      <div className="mt-4 grid gap-4">
        <DropOffTimeline
          finished={d.totals.finishes - d.stoppedBeforeFirstSegment}
          segments={d.dropOff.map((s) => ({
            position: s.position,
            name: segmentName(s),
            startSecond: s.startSecond,
            durationSeconds: s.durationSeconds,
            reached: s.reached,
            stopped: s.stopped,
          }))}
        />
        <BarChart
          id="workout-plays"
          title="Plays over time"
          totalLabel="Plays"
          partLabel="Played to the end"
          points={d.series.map((s) => ({ start: s.start, total: s.starts, part: s.completions }))}
        />
        <DataTable
          caption="Drop-off by segment"
          csvName="drop-off"
          columns={["#", "Segment", "Starts at", "Reached", "Stopped here", "Stop rate"]}
          rows={d.dropOff.map((s) => [
            s.position + 1,
            segmentName(s),
            `${Math.floor(s.startSecond / 60)}:${String(s.startSecond % 60).padStart(2, "0")}`,
            num(s.reached),
            num(s.stopped),
            pct(s.stopRate),
          ])}
        />
        <DataTable
          caption="Feedback"
          csvName="feedback"
          columns={["Answer", "Kind", "Votes"]}
          rows={[...d.ratings.map((r) => [r.label, "Rating", num(r.votes)]), ...d.difficulty.map((r) => [r.label, "Difficulty", num(r.votes)])]}
        />
      </div>
    </section>
  );
}

/** A plan's plays and progress through its weeks. */
export async function PlanAnalyticsPanel({
  organizationId,
  planId,
  range,
  action,
}: {
  organizationId: string;
  planId: string;
  range: AnalyticsRange;
  action: string;
}) {
  const d = await getPlanAnalytics(getDb(), { organizationId, planId, range, locale: "en-US" });
  return (
    <section className="mt-8" aria-label="Plan analytics" data-testid="plan-analytics">
      <h2 className="mb-2 text-lg font-semibold">How members follow it</h2>
      <RangePicker action={action} from={range.from} to={range.to} interval={range.interval} />
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Stat label="On this plan now" value={num(d.enrollments.active)} note={`${num(d.enrollments.startedInRange)} started in the range`} />
        <Stat label="Plan workouts started" value={num(d.totals.starts)} />
        <Stat label="Played to the end" value={num(d.totals.completions)} note={`${pct(d.totals.completionRate)} of starts`} />
        <Stat label="Minutes trained" value={num(Math.round(d.totals.minutes))} />
      </div>
      <div className="mt-4 grid gap-4">
        <BarChart
          id="plan-weeks"
          title="Progress through the weeks: members who trained in each week"
          totalLabel="Members who reached the week"
          partLabel="Trained in it"
          points={d.weeks.map((w) => ({ start: `Week ${w.week}`, total: w.membersReached, part: w.membersActive }))}
        />
        <DataTable
          caption="Weeks"
          csvName="plan-weeks"
          columns={["Week", "Workouts scheduled", "Members reached", "Trained", "Sessions done", "Adherence"]}
          rows={d.weeks.map((w) => [w.week, w.scheduledWorkouts, num(w.membersReached), num(w.membersActive), num(w.completions), pct(w.adherence)])}
        />
      </div>
    </section>
  );
}

/** A member's adherence to the active plan, streaks and history. */
export async function MemberAnalyticsPanel({
  organizationId,
  endUserId,
  range,
  action,
}: {
  organizationId: string;
  endUserId: string;
  range: AnalyticsRange;
  action: string;
}) {
  const d = await getMemberAnalytics(getDb(), { organizationId, endUserIdentifier: endUserId, range, locale: "en-US" });
  return (
    <section className="mt-8" aria-label="Member analytics" data-testid="member-analytics">
      <h2 className="mb-2 text-lg font-semibold">Adherence and history</h2>
      <RangePicker action={action} from={range.from} to={range.to} interval={range.interval} />
      {d.needsAttention ? (
        <p role="status" className="mb-3 rounded-md border border-warn px-3 py-2 text-sm text-warn">
          Needs attention: {d.attentionReasons.map((r) => REASON[r]).join("; ")}.
        </p>
      ) : null}
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="adherence">
        <Stat
          label="Adherence, last 7 days"
          value={share(d.adherence.last7Days)}
          note={d.activePlan ? `to ${d.activePlan.name}, week ${d.activePlan.week}` : "no active plan"}
        />
        <Stat label="Adherence, last 30 days" value={share(d.adherence.last30Days)} note={`30 days before: ${share(d.adherence.previous30Days)}`} />
        <Stat label="Adherence, last 90 days" value={share(d.adherence.last90Days)} />
        <Stat
          label="Streak"
          value={`${d.streak.currentWeeks} ${d.streak.currentWeeks === 1 ? "week" : "weeks"}`}
          note={`Longest ${d.streak.longestWeeks} · last session ${d.lastActiveDay ? dayLabel(d.lastActiveDay) : "never"}`}
        />
      </div>
      <div className="mt-4 grid gap-4">
        <BarChart
          id="member-sessions"
          title="Sessions"
          totalLabel="Started"
          partLabel="Played to the end"
          points={d.series.map((s) => ({ start: s.start, total: s.starts, part: s.completions }))}
        />
        <DataTable
          caption="History"
          csvName="member-history"
          columns={["From", "Sessions", "Played to the end", "Minutes"]}
          rows={d.series.filter((s) => s.starts > 0).map((s) => [s.start, s.starts, s.completions, s.minutes])}
        />
      </div>
    </section>
  );
}
