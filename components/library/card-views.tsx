import { type PlanCard, type WorkoutCard, capitalize, minutes } from "@/lib/library/cards";

/**
 * The grids' cards: plain links (a dedicated player or plan page) that the playback provider
 * turns into overlay openers when JavaScript runs (data-play-workout / data-open-plan). No hooks,
 * so server and client components render the same markup. Partners may style the stable hooks
 * data-workout-id and data-plan-id.
 */

export interface CardDisplay {
  showDuration: boolean;
  showDifficulty: boolean;
}

const LINK = "group flex h-full flex-col overflow-hidden rounded-xl border border-line bg-card text-ink no-underline transition-shadow hover:shadow-md";

export function WorkoutCardView({ card, href, display, planId }: { card: WorkoutCard; href: string; display: CardDisplay; planId?: string }) {
  const meta = [display.showDuration ? minutes(card.duration) : null, display.showDifficulty ? capitalize(card.difficulty) : null].filter(Boolean).join(" · ");
  return (
    <a href={href} data-workout-id={card.id} data-play-workout={card.id} data-via-plan={planId} className={LINK}>
      {card.image ? (
        // biome-ignore lint/performance/noImgElement: public media URLs, already sized thumbnails
        <img src={card.image} alt="" loading="lazy" width={320} height={180} className="aspect-video w-full bg-line object-cover" />
      ) : (
        <span aria-hidden="true" className="block aspect-video w-full bg-gradient-to-br from-brand/30 to-brand/70" />
      )}
      <span className="flex flex-1 flex-col gap-1 p-3">
        <span className="font-semibold leading-snug group-hover:underline">{card.name}</span>
        {meta ? <span className="text-sm text-muted">{meta}</span> : null}
        {card.visibility === "private" ? <span className="text-xs font-medium text-brand">Assigned to you</span> : null}
      </span>
    </a>
  );
}

export function PlanCardView({ card, href, display }: { card: PlanCard; href: string; display: CardDisplay }) {
  const meta = [
    display.showDuration ? `${card.durationWeeks} ${card.durationWeeks === 1 ? "week" : "weeks"} · ${card.daysPerWeek} days/week` : null,
    display.showDifficulty ? capitalize(card.difficulty) : null,
  ]
    .filter(Boolean)
    .join(" · ");
  return (
    <a href={href} data-plan-id={card.id} data-open-plan={card.id} className={LINK}>
      <span aria-hidden="true" className="block h-2 w-full bg-brand" />
      <span className="flex flex-1 flex-col gap-1 p-4">
        <span className="text-lg font-semibold leading-snug group-hover:underline">{card.name}</span>
        {meta ? <span className="text-sm text-muted">{meta}</span> : null}
        {card.description ? <span className="line-clamp-2 text-sm">{card.description}</span> : null}
        {card.goals.length ? <span className="text-xs text-muted">{card.goals.join(", ")}</span> : null}
      </span>
    </a>
  );
}

/** Grid classes per gridCols (full class names, so Tailwind keeps them): one column on phones. */
export const GRID_COLS: Record<2 | 3 | 4, string> = {
  2: "grid-cols-1 sm:grid-cols-2",
  3: "grid-cols-1 sm:grid-cols-2 lg:grid-cols-3",
  4: "grid-cols-1 sm:grid-cols-2 lg:grid-cols-4",
};
