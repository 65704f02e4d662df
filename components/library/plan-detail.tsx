import { type CardDisplay, WorkoutCardView } from "./card-views";
import { type PlanDetailView, capitalize, dayName } from "@/lib/library/cards";

/**
 * A plan's weeks and days with their workouts (the plan overlay and the dedicated plan page).
 * Each workout is a card that plays it (through the plan, so private plan workouts play too).
 */
export function PlanDetail({ detail, workoutHref, display }: { detail: PlanDetailView; workoutHref: (workoutId: string) => string; display: CardDisplay }) {
  const { plan } = detail;
  return (
    <div className="flex flex-col gap-4">
      <div>
        <p className="text-sm text-muted">
          {plan.durationWeeks} {plan.durationWeeks === 1 ? "week" : "weeks"} · {plan.daysPerWeek} days/week · {capitalize(plan.difficulty)} ·{" "}
          {plan.workoutCount} workouts
        </p>
        {plan.description ? <p className="mt-1">{plan.description}</p> : null}
      </div>
      {detail.weeks.length === 0 ? <p className="text-muted">This plan has no workouts yet.</p> : null}
      {detail.weeks.map((w) => (
        <section key={w.week} aria-labelledby={`week-${plan.id}-${w.week}`}>
          <h3 id={`week-${plan.id}-${w.week}`} className="mb-2 text-base font-semibold">
            Week {w.week}
          </h3>
          <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {w.days.flatMap((d) =>
              d.workouts.map((card) => (
                <li key={`${d.day}-${card.id}`} className="flex flex-col gap-1">
                  <span className="text-xs font-medium uppercase tracking-wide text-muted">{dayName(d.day)}</span>
                  <WorkoutCardView card={card} href={workoutHref(card.id)} display={display} planId={plan.id} />
                </li>
              )),
            )}
          </ol>
        </section>
      ))}
    </div>
  );
}
