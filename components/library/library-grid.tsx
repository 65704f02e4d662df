"use client";

import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { cn } from "@/components/ui/cn";
import { GRID_COLS, PlanCardView, WorkoutCardView } from "./card-views";
import type { CardPage, FilterOption, PlanCard, WorkoutCard } from "@/lib/library/cards";
import { usePagedCards, warmUpPagedCards } from "./use-paged-cards";
import {
  DIFFICULTY_VALUES,
  DURATION_PRESETS,
  type LibraryFilters,
  type LibraryParams,
  NO_FILTERS,
  PAGE_SIZE,
  detailHref,
  filterQuery,
  hasFilters,
  libraryQuery,
} from "@/lib/library/query";

/**
 * A library grid after its server-rendered first paint: the search and filter form (a plain GET
 * form without JavaScript; applied as you type or choose with it), the cards, and more pages
 * through the pages' same-origin route (a "next page" link without JavaScript; "Show more" and
 * infinite scroll with it). The address bar follows the view, so it can be shared and reloaded.
 */

type Kind = "workouts" | "plans";
type Card<K extends Kind> = K extends "workouts" ? WorkoutCard : PlanCard;

export interface LibraryGridProps<K extends Kind> {
  kind: K;
  view: Pick<LibraryParams, "orgId" | "locale" | "flags" | "filters" | "offset"> & { orgId: string };
  initial: CardPage<Card<K>>;
  options: { categories: FilterOption[]; equipment: FilterOption[] };
}

const LABELS = { workouts: { one: "workout", many: "workouts" }, plans: { one: "plan", many: "plans" } };

export function LibraryGrid<K extends Kind>({ kind, view, initial, options }: LibraryGridProps<K>) {
  const [filters, setFilters] = useState<LibraryFilters>(view.filters);
  const [typed, setTyped] = useState(view.filters.q);
  const route = `/api/library/${view.orgId}/${kind}`;
  const initialView = useRef(filterQuery(view.filters, view.locale, 0).toString());
  const { list, source } = usePagedCards<Card<K>>({
    source: route,
    view: filterQuery(filters, view.locale, 0).toString(),
    url: (offset) => `${route}?${filterQuery(filters, view.locale, offset)}`,
    initial: { view: initialView.current, offset: view.offset, page: initial },
  });

  // Typing searches after a short pause; the address bar follows every applied view.
  useEffect(() => {
    if (typed === filters.q) return;
    const t = window.setTimeout(() => setFilters((f) => ({ ...f, q: typed.trim() })), 300);
    return () => window.clearTimeout(t);
  }, [typed, filters.q]);
  useEffect(() => {
    const q = libraryQuery({ ...view, filters });
    const next = `${window.location.pathname}?${q}${window.location.hash}`;
    if (next !== `${window.location.pathname}${window.location.search}${window.location.hash}`) window.history.replaceState(window.history.state, "", next);
  }, [filters, view]);

  // Infinite scroll: the "Show more" link loads the next page when it scrolls into view.
  const more = useRef<HTMLAnchorElement>(null);
  const { pages, loadMore, hasMore, loading } = list;
  useEffect(() => {
    const el = more.current;
    if (!el || !hasMore || typeof IntersectionObserver === "undefined") return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) loadMore();
    });
    io.observe(el);
    return () => io.disconnect();
  }, [hasMore, loadMore]);

  const items = list.items;
  const total = pages[0]?.total ?? 0;
  const lastPage = pages[pages.length - 1];
  const label = LABELS[kind];
  const display = { showDuration: view.flags.showDuration, showDifficulty: view.flags.showDifficulty };
  const current = { ...view, filters };
  const nextHref = lastPage?.nextOffset != null ? `/${kind}?${libraryQuery({ ...current, offset: lastPage.nextOffset })}` : null;

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setFilters((f) => ({ ...f, q: typed.trim() }));
  };

  return (
    <div className="flex flex-col gap-4">
      {source}
      {view.flags.showSearch || view.flags.showFilters ? (
        <FilterForm kind={kind} view={view} filters={filters} typed={typed} setTyped={setTyped} setFilters={setFilters} options={options} onSubmit={onSubmit} />
      ) : null}

      <p className="text-sm text-muted" aria-live="polite" aria-atomic="true">
        {loading === "first" ? "Updating… " : ""}
        {total} {total === 1 ? label.one : label.many}
        {hasFilters(filters) ? " match" : ""}
      </p>

      {list.error ? (
        <p role="alert" className="text-danger">
          {list.error}
        </p>
      ) : null}

      {items.length === 0 ? (
        <div className="rounded-xl border border-line bg-card p-6 text-center">
          <h2 className="text-lg font-semibold">{hasFilters(filters) ? `No ${label.many} match` : `No ${label.many} yet`}</h2>
          <p className="mt-1 text-muted">{hasFilters(filters) ? "Try another search or fewer filters." : `This library has no published ${label.many} yet.`}</p>
          {hasFilters(filters) ? (
            <button
              type="button"
              className="mt-3 text-brand underline"
              onClick={() => {
                setTyped("");
                setFilters(NO_FILTERS);
              }}
            >
              Clear search and filters
            </button>
          ) : null}
        </div>
      ) : (
        <ul className={cn("grid gap-4", GRID_COLS[view.flags.gridCols])} data-grid-cols={view.flags.gridCols} aria-label={label.many}>
          {items.map((card) => (
            <li key={card.id}>
              {kind === "workouts" ? (
                <WorkoutCardView card={card as WorkoutCard} href={detailHref("workouts", card.id, current)} display={display} />
              ) : (
                <PlanCardView card={card as PlanCard} href={detailHref("plans", card.id, current)} display={display} />
              )}
            </li>
          ))}
        </ul>
      )}

      {list.firstOffset > 0 ? (
        <a className="self-center text-sm" href={`/${kind}?${libraryQuery({ ...current, offset: Math.max(0, list.firstOffset - PAGE_SIZE) })}`}>
          Previous page
        </a>
      ) : null}
      {nextHref ? (
        <a
          ref={more}
          href={nextHref}
          onPointerEnter={warmUpPagedCards}
          onFocus={warmUpPagedCards}
          className="self-center rounded-lg border border-line bg-card px-4 py-2 text-ink no-underline hover:bg-paper"
          onClick={(e) => {
            e.preventDefault();
            loadMore();
          }}
        >
          {loading === "more" ? "Loading…" : `Show more ${label.many}`}
        </a>
      ) : null}
    </div>
  );
}

function FilterForm<K extends Kind>({
  kind,
  view,
  filters,
  typed,
  setTyped,
  setFilters,
  options,
  onSubmit,
}: {
  kind: K;
  view: LibraryGridProps<K>["view"];
  filters: LibraryFilters;
  typed: string;
  setTyped: (v: string) => void;
  setFilters: (f: (prev: LibraryFilters) => LibraryFilters) => void;
  options: LibraryGridProps<K>["options"];
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
}) {
  const id = useId();
  const label = LABELS[kind];
  // Hidden fields keep the view (organization, flags, locale) when the form is submitted without JavaScript.
  const hidden = [...libraryQuery({ orgId: view.orgId, locale: view.locale, flags: view.flags, filters: NO_FILTERS })];
  const toggle = (field: "categoryIds" | "equipmentIds", value: string, on: boolean) =>
    setFilters((f) => ({ ...f, [field]: on ? [...f[field], value] : f[field].filter((v) => v !== value) }));
  const select = "h-10 rounded-lg border border-line bg-card px-2";
  return (
    <search>
      <form
        aria-label={`Search and filter ${label.many}`}
        method="get"
        action={`/${kind}`}
        onSubmit={onSubmit}
        onFocus={warmUpPagedCards}
        onPointerEnter={warmUpPagedCards}
        className="flex flex-col gap-3"
      >
        {hidden.map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={v} />
        ))}
        <div className="flex flex-wrap items-end gap-2">
          {view.flags.showSearch ? (
            <input
              type="search"
              name="q"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              placeholder={`Search ${label.many}`}
              aria-label={`Search ${label.many}`}
              maxLength={200}
              className="h-10 min-w-0 flex-1 basis-56 rounded-lg border border-line bg-card px-3"
            />
          ) : null}
          {view.flags.showFilters ? (
            <>
              <select
                name="difficulty"
                aria-label="Difficulty"
                value={filters.difficulty ?? ""}
                onChange={(e) => setFilters((f) => ({ ...f, difficulty: (e.target.value || null) as LibraryFilters["difficulty"] }))}
                className={select}
              >
                <option value="">Any difficulty</option>
                {DIFFICULTY_VALUES.map((d) => (
                  <option key={d} value={d}>
                    {d[0]!.toUpperCase() + d.slice(1)}
                  </option>
                ))}
              </select>
              {kind === "workouts" ? (
                <select
                  name="duration"
                  aria-label="Duration"
                  value={filters.duration ?? ""}
                  onChange={(e) => setFilters((f) => ({ ...f, duration: e.target.value || null }))}
                  className={select}
                >
                  <option value="">Any duration</option>
                  {DURATION_PRESETS.map((d) => (
                    <option key={d.value} value={d.value}>
                      {d.label}
                    </option>
                  ))}
                </select>
              ) : null}
            </>
          ) : null}
          <button type="submit" className="h-10 rounded-lg bg-brand px-4 font-medium text-white hover:bg-brand-strong">
            Search
          </button>
        </div>
        {view.flags.showFilters && kind === "workouts" ? (
          <div className="flex flex-wrap gap-2">
            {(
              [
                ["categoryIds", "Categories", options.categories],
                ["equipmentIds", "Equipment", options.equipment],
              ] as const
            ).map(([field, legend, list]) => (
              <details key={field} className="rounded-lg border border-line bg-card px-3 py-2" open={filters[field].length > 0}>
                <summary className="cursor-pointer text-sm font-medium">
                  {legend}
                  {filters[field].length ? ` (${filters[field].length})` : ""}
                </summary>
                <fieldset className="mt-2 flex max-w-xl flex-wrap gap-x-4 gap-y-1">
                  <legend className="sr-only">{legend}</legend>
                  {list.map((o) => (
                    <label key={o.id} className="inline-flex items-center gap-1.5 text-sm" htmlFor={`${id}-${o.id}`}>
                      <input
                        id={`${id}-${o.id}`}
                        type="checkbox"
                        name={field}
                        value={o.id}
                        checked={filters[field].includes(o.id)}
                        onChange={(e) => toggle(field, o.id, e.target.checked)}
                      />
                      {o.name}
                    </label>
                  ))}
                </fieldset>
              </details>
            ))}
          </div>
        ) : null}
      </form>
    </search>
  );
}
