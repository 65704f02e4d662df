/**
 * What the grids show of a workout or a plan: deliberately small (first paint stays under the
 * 50 KB HTML budget, and the same shape crosses to the client for later pages). Built on the
 * server from the API's list items (server/services/pages/library.ts).
 */

export interface WorkoutCard {
  id: string;
  name: string;
  description: string;
  /** Seconds. */
  duration: number;
  difficulty: string;
  visibility: "public" | "private";
  image: string | null;
  categories: string[];
}

export interface PlanCard {
  id: string;
  name: string;
  description: string;
  difficulty: string;
  visibility: "public" | "private";
  durationWeeks: number;
  daysPerWeek: number;
  workoutCount: number;
  goals: string[];
}

export interface CardPage<T> {
  items: T[];
  total: number;
  /** The offset of the next page, null on the last page. */
  nextOffset: number | null;
}

export interface FilterOption {
  id: string;
  name: string;
}

export interface PlanProgressView {
  planId: string;
  planName: string;
  percentage: number;
  completedWorkouts: number;
  scheduledWorkouts: number;
  currentWeek: number | null;
  totalWeeks: number;
  status: "upcoming" | "inProgress" | "finished";
  /** The next scheduled workout not yet completed. */
  nextWorkout: { id: string; name: string; week: number; day: number } | null;
}

export interface MemberView {
  name: string;
  /** Offset of the first page of the member's own list shown (`mineOffset`, the no-JavaScript pages). */
  ownOffset: number;
  /** On the workout grid: a page of the workouts assigned to the member (private ones too). */
  assignedWorkouts: CardPage<WorkoutCard> | null;
  /** On the plan grid: a page of the plans in the member's library. */
  libraryPlans: CardPage<PlanCard> | null;
  activePlan: PlanProgressView | null;
}

export interface PlanDetailView {
  plan: PlanCard;
  weeks: { week: number; days: { day: number; workouts: WorkoutCard[] }[] }[];
}

const DAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
export const dayName = (day: number) => DAY_NAMES[(day - 1) % 7] ?? `Day ${day}`;

/** "25 min" (at least 1). */
export function minutes(seconds: number): string {
  return `${Math.max(1, Math.round(seconds / 60))} min`;
}

export const capitalize = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);
