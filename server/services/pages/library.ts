import type { CardPage, FilterOption, MemberView, PlanCard, PlanDetailView, PlanProgressView, WorkoutCard } from "@/lib/library/cards";
import { type LibraryFilters, PAGE_SIZE, filterQuery } from "@/lib/library/query";
import type { Db } from "@/db/client";
import { listPlansByIds } from "@/db/queries/plans";
import { listWorkoutsByIds } from "@/db/queries/workouts";
import { type Locale, resolveReadLocale } from "@/server/core/locale";
import { publicBaseUrl } from "@/server/env";
import { getPlan, listPlanWorkouts } from "@/server/services/content/get-plan";
import { parseDurationRange } from "@/server/services/content/list-query";
import { listPlans } from "@/server/services/content/list-plans";
import { planListItem, workoutListItem } from "@/server/services/content/serialize";
import { facetsFor } from "@/server/services/content/workout-facets";
import { getReferenceIndex } from "@/server/services/metadata/reference-cache";
import { listWorkouts } from "@/server/services/content/list-workouts";
import { getEquipmentMetadata, getWorkoutMetadata } from "@/server/services/metadata/get-metadata";
import { listMemberPlans, listMemberWorkouts } from "@/server/services/members/list-library";
import { getActivePlanProgress } from "@/server/services/members/plan-progress";
import { notFound, unauthorized } from "@/server/core/errors";
import { type Viewer, asPageNotFound, viewerMayOpenPlan } from "./viewer";

/**
 * The hosted grids' reads, through the same services as /v1 with the viewer's PageCaller: the
 * organization's published public workouts and plans (search, filters and pagination exactly as
 * the list API applies them), filter options, a plan's schedule, and a signed-in member's own
 * library and active plan progress. Results are the small card shapes the pages render.
 */

const DESCRIPTION_CHARS = 140;
const short = (text: string) => (text.length > DESCRIPTION_CHARS ? `${text.slice(0, DESCRIPTION_CHARS - 1).trimEnd()}…` : text);

interface ApiWorkoutItem {
  id: string;
  name: string;
  description: string;
  duration: number;
  difficulty: string;
  visibility: "public" | "private";
  categories: { name: string }[];
  preview: { poster: string | null; thumbnail: string | null };
}

export function toWorkoutCard(w: ApiWorkoutItem): WorkoutCard {
  return {
    id: w.id,
    name: w.name,
    description: short(w.description),
    duration: w.duration,
    difficulty: w.difficulty,
    visibility: w.visibility,
    image: w.preview.thumbnail ?? w.preview.poster,
    categories: w.categories.map((c) => c.name),
  };
}

function toPlanCard(p: ReturnType<typeof planListItem>): PlanCard {
  return {
    id: p.id,
    name: p.name,
    description: short(p.description),
    difficulty: p.difficulty,
    visibility: p.visibility === "private" ? "private" : "public",
    durationWeeks: p.durationWeeks,
    daysPerWeek: p.daysPerWeek,
    workoutCount: p.workoutCount,
    goals: p.goals.map((g) => g.name),
  };
}

const page = <T>(items: T[], total: number, offset: number, limit: number): CardPage<T> => ({
  items,
  total,
  nextOffset: offset + limit < total ? offset + limit : null,
});

/** One page of the public workout grid. Filter values the list API would reject are dropped (a page never fails on them). */
export async function listViewerWorkouts(db: Db, viewer: Viewer, input: { filters: LibraryFilters; locale: string | null; offset: number; limit?: number }) {
  const limit = input.limit ?? PAGE_SIZE;
  const duration = input.filters.duration ? parseDurationRange(input.filters.duration) : null;
  // The list service caches whole responses per URL, so the URL must name every input: the
  // pages' own route for this view.
  const url = new URL(`/api/library/${viewer.organizationId}/workouts?${filterQuery(input.filters, input.locale, input.offset, limit)}`, `${publicBaseUrl()}/`);
  const serialized = await listWorkouts(
    db,
    viewer.organizationId,
    {
      limit,
      offset: input.offset,
      locale: resolveReadLocale(input.locale),
      q: input.filters.q || undefined,
      visibility: "public",
      difficulty: input.filters.difficulty ?? undefined,
      categories: input.filters.categoryIds.length ? { ids: input.filters.categoryIds, custom: [] } : undefined,
      equipmentIds: input.filters.equipmentIds.length ? input.filters.equipmentIds : undefined,
      duration: duration?.ok ? duration.value : undefined,
    },
    url,
  );
  const body = JSON.parse(serialized.text) as { data: ApiWorkoutItem[]; links: { total: number } };
  return page(body.data.map(toWorkoutCard), body.links.total, input.offset, limit);
}

/** One page of the public plan grid (search and difficulty as the plan list applies them). */
export async function listViewerPlans(db: Db, viewer: Viewer, input: { filters: LibraryFilters; locale: string | null; offset: number; limit?: number }) {
  const limit = input.limit ?? PAGE_SIZE;
  const { data, total } = await listPlans(db, viewer.organizationId, {
    limit,
    offset: input.offset,
    locale: resolveReadLocale(input.locale),
    q: input.filters.q || undefined,
    visibility: "public",
    difficulty: input.filters.difficulty ?? undefined,
  });
  return page(data.map(toPlanCard), total, input.offset, limit);
}

/** Categories and equipment for the filter controls, named in the locale. */
export async function libraryFilterOptions(db: Db, locale: string | null): Promise<{ categories: FilterOption[]; equipment: FilterOption[] }> {
  const loc = resolveReadLocale(locale);
  const [w, e] = await Promise.all([getWorkoutMetadata(db, loc), getEquipmentMetadata(db, loc)]);
  return { categories: w.categories, equipment: e.equipment.map(({ id, name }) => ({ id, name })) };
}

/** A plan the viewer may open, with its workouts by week and day. 404 for anything else. */
export async function getViewerPlan(db: Db, viewer: Viewer, planId: string, locale: string | null): Promise<PlanDetailView> {
  const loc: Locale = resolveReadLocale(locale);
  if (!(await viewerMayOpenPlan(db, viewer, planId))) throw notFound("Plan not found.");
  const plan = await asPageNotFound(getPlan(db, viewer.caller, planId, loc), "Plan not found.");
  const slots: Awaited<ReturnType<typeof listPlanWorkouts>>["data"] = [];
  for (let offset = 0; ; offset += 50) {
    const { data, total } = await listPlanWorkouts(db, viewer.caller, planId, { limit: 50, offset, locale: loc });
    slots.push(...data);
    if (offset + 50 >= total || data.length === 0) break;
  }
  const weeks = new Map<number, Map<number, WorkoutCard[]>>();
  for (const s of slots) {
    const days = weeks.get(s.week) ?? new Map<number, WorkoutCard[]>();
    weeks.set(s.week, days);
    const list = days.get(s.day) ?? [];
    days.set(s.day, list);
    list.push(toWorkoutCard(s.workout));
  }
  return {
    plan: toPlanCard({ ...plan, workoutCount: slots.length }),
    weeks: [...weeks.entries()]
      .sort(([a], [b]) => a - b)
      .map(([week, days]) => ({
        week,
        days: [...days.entries()].sort(([a], [b]) => a - b).map(([day, workouts]) => ({ day, workouts })),
      })),
  };
}

/** The signed-in member, or 401 (the member routes; pages simply show no member section). */
function requireMember(viewer: Viewer) {
  if (!viewer.member) throw unauthorized("Sign in to see your library.");
  return viewer.member;
}

interface OwnPage {
  locale: string | null;
  offset: number;
  limit?: number;
}

/**
 * A page of the signed-in member's assigned workouts (private ones too), most recently assigned
 * first, as the same cards as the public grid: built from the list API's item (categories,
 * images), not from the member list's narrower shape.
 */
export async function listMemberWorkoutCards(db: Db, viewer: Viewer, input: OwnPage): Promise<CardPage<WorkoutCard>> {
  const member = requireMember(viewer);
  const limit = input.limit ?? PAGE_SIZE;
  const locale = resolveReadLocale(input.locale);
  const { items, total } = await listMemberWorkouts(db, { organizationId: viewer.organizationId, endUserIdentifier: member.endUserId, limit, offset: input.offset, locale });
  const rows = await listWorkoutsByIds(db, items.map((w) => w.id));
  const [facets, ref] = await Promise.all([facetsFor(db, rows), getReferenceIndex(db)]);
  return page(
    rows.map((r) => toWorkoutCard(workoutListItem(r, facets.get(r.id), ref, locale))),
    total,
    input.offset,
    limit,
  );
}

/** A page of the signed-in member's library plans, most recently added first, as the plan grid's cards (goals, workout count). */
export async function listMemberPlanCards(db: Db, viewer: Viewer, input: OwnPage): Promise<CardPage<PlanCard>> {
  const member = requireMember(viewer);
  const limit = input.limit ?? PAGE_SIZE;
  const locale = resolveReadLocale(input.locale);
  const { items, total } = await listMemberPlans(db, { organizationId: viewer.organizationId, endUserIdentifier: member.endUserId, limit, offset: input.offset, locale });
  const [rows, ref] = await Promise.all([listPlansByIds(db, items.map((p) => p.id)), getReferenceIndex(db)]);
  return page(
    rows.map((r) => toPlanCard(planListItem(r, ref, locale))),
    total,
    input.offset,
    limit,
  );
}

/**
 * A signed-in member's own part of a grid: their list for the grid's kind (assigned workouts on
 * /workouts, library plans on /plans; paged like the grid from `offset`) and their active plan's
 * progress. Null for anyone else.
 */
export async function getMemberView(db: Db, viewer: Viewer, input: { kind: "workouts" | "plans"; locale: string | null; offset: number }): Promise<MemberView | null> {
  if (!viewer.member) return null;
  const loc = resolveReadLocale(input.locale);
  const own = { locale: input.locale, offset: input.offset };
  const [workouts, plans, progress] = await Promise.all([
    input.kind === "workouts" ? listMemberWorkoutCards(db, viewer, own) : null,
    input.kind === "plans" ? listMemberPlanCards(db, viewer, own) : null,
    getActivePlanProgress(db, { organizationId: viewer.organizationId, endUserIdentifier: viewer.member.endUserId, locale: loc }),
  ]);
  let activePlan: PlanProgressView | null = null;
  if (progress) {
    const next = progress.workouts.find((w) => !w.completed);
    activePlan = {
      planId: progress.planId,
      planName: progress.planName,
      percentage: progress.percentage,
      completedWorkouts: progress.completedWorkouts,
      scheduledWorkouts: progress.scheduledWorkouts,
      currentWeek: progress.currentWeek,
      totalWeeks: progress.totalWeeks,
      status: progress.status,
      nextWorkout: next ? { id: next.workoutId, name: next.name, week: next.week, day: next.day } : null,
    };
  }
  return {
    name: viewer.member.name ?? viewer.member.email ?? "Member",
    ownOffset: input.offset,
    assignedWorkouts: workouts,
    libraryPlans: plans,
    activePlan,
  };
}
