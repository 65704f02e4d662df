"use client";

import { cn } from "@/components/ui/cn";
import { GRID_COLS, PlanCardView, WorkoutCardView } from "./card-views";
import type { CardPage, PlanCard, WorkoutCard } from "@/lib/library/cards";
import { type LibraryParams, PAGE_SIZE, detailHref, libraryQuery } from "@/lib/library/query";
import { usePagedCards, warmUpPagedCards } from "./use-paged-cards";

type Kind = "workouts" | "plans";
type Card<K extends Kind> = K extends "workouts" ? WorkoutCard : PlanCard;

const NAMES = { workouts: "workouts", plans: "plans" };

/**
 * The signed-in member's own list in "Your library" (assigned workouts, or library plans), paged
 * like the grid: the server renders the page at `offset`; "Show more" is a link to the next page
 * without JavaScript and appends it through the pages' member route with it.
 */
export function MemberCards<K extends Kind>({
  kind,
  view,
  initial,
  offset,
  label,
}: {
  kind: K;
  view: Pick<LibraryParams, "orgId" | "locale" | "flags" | "filters" | "offset"> & { orgId: string };
  initial: CardPage<Card<K>>;
  offset: number;
  label: string;
}) {
  const source = `/api/library/${view.orgId}/member/${kind}`;
  const locale = view.locale ? `locale=${encodeURIComponent(view.locale)}&` : "";
  const { list, source: live } = usePagedCards<Card<K>>({
    source,
    view: locale,
    url: (o) => `${source}?${locale}offset=${o}`,
    initial: { view: locale, offset, page: initial },
  });
  const display = { showDuration: view.flags.showDuration, showDifficulty: view.flags.showDifficulty };
  const last = list.pages[list.pages.length - 1];
  const at = (mineOffset: number) => `/${kind}?${libraryQuery({ ...view, mineOffset })}`;
  return (
    <>
      {live}
      <ul className={cn("grid gap-4", GRID_COLS[view.flags.gridCols])} aria-label={label}>
        {list.items.map((card) => (
          <li key={card.id}>
            {kind === "workouts" ? (
              <WorkoutCardView card={card as WorkoutCard} href={detailHref("workouts", card.id, view)} display={display} />
            ) : (
              <PlanCardView card={card as PlanCard} href={detailHref("plans", card.id, view)} display={display} />
            )}
          </li>
        ))}
      </ul>
      {list.error ? (
        <p role="alert" className="text-danger">
          {list.error}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-center gap-4 text-sm">
        {list.firstOffset > 0 ? <a href={at(Math.max(0, list.firstOffset - PAGE_SIZE))}>Previous {NAMES[kind]} of yours</a> : null}
        {last?.nextOffset != null ? (
          <a
            href={at(last.nextOffset)}
            onPointerEnter={warmUpPagedCards}
            onFocus={warmUpPagedCards}
            className="rounded-lg border border-line bg-paper px-4 py-2 text-ink no-underline hover:bg-card"
            onClick={(e) => {
              e.preventDefault();
              list.loadMore();
            }}
          >
            {list.loading === "more" ? "Loading…" : `Show more of your ${NAMES[kind]}`}
          </a>
        ) : null}
      </div>
    </>
  );
}
