/**
 * Deterministic ranking of existing content for a profile: a relevance score per item (level,
 * goals, equipment, length, age, history), then a diversity-aware greedy pick (maximal marginal
 * relevance) so the list is not twelve near-copies, and a reason in words for each pick.
 */
import type { WorkoutHistoryRow } from "@/db/queries/ai";
import { clamp } from "../rng";
import { type Level, LEVELS, levelRank } from "../types";

export interface RankableWorkout {
  id: string;
  difficulty: Level;
  duration: number;
  categoryIds: string[];
  trainerId: string | null;
  ratingSum: number;
  ratingCount: number;
  preScore: number;
  equipmentIds: string[];
  hasHighImpact: boolean;
}

export interface RankingProfile {
  level: Level;
  /** Level after the member's feedback (too hard / too easy) shifted it. */
  targetLevel: Level;
  goalCategoryIds: string[];
  goalNames: string[];
  /** Equipment the member has (from preferred categories, plus a mat); null = not said. */
  allowedEquipmentIds: Set<string> | null;
  targetSeconds: number;
  trainingDaysPerWeek: number | undefined;
  age: number | undefined;
  history: Map<string, WorkoutHistoryRow>;
  favouriteCategoryIds: Map<string, number>;
  categoryNames: Map<string, string>;
}

export interface RankedItem<T> {
  item: T;
  score: number;
  reasons: string[];
}

/** What the member's history says: favourite categories and whether to shift the level. */
export function readHistory(
  rows: WorkoutHistoryRow[],
  level: Level,
): { targetLevel: Level; favourites: Map<string, number>; sessions: number; feedback: number } {
  const favourites = new Map<string, number>();
  let tooHard = 0;
  let tooEasy = 0;
  let sessions = 0;
  let feedback = 0;
  for (const r of rows) {
    sessions += r.started;
    feedback += r.tooEasy + r.tooHard + r.justRight + (r.rating !== null ? 1 : 0);
    tooHard += r.tooHard;
    tooEasy += r.tooEasy;
    const liked =
      (r.rating !== null && r.rating >= 4 ? 1 : 0) + (r.completed >= 2 ? 0.5 : r.completed >= 1 ? 0.25 : 0) - (r.rating !== null && r.rating <= 2 ? 1 : 0);
    for (const c of r.categoryIds) favourites.set(c, (favourites.get(c) ?? 0) + liked);
  }
  let rank = levelRank(level);
  if (tooHard > tooEasy && tooHard >= 1) rank -= 1;
  else if (tooEasy > tooHard && tooEasy >= 2) rank += 1;
  return { targetLevel: LEVELS[clamp(rank, 0, 2)]!, favourites, sessions, feedback };
}

export function scoreWorkout(w: RankableWorkout, p: RankingProfile, now = Date.now()): RankedItem<RankableWorkout> {
  const reasons: { weight: number; text: string }[] = [];
  let s = 0;
  const gap = levelRank(w.difficulty) - levelRank(p.targetLevel);
  s += gap === 0 ? 2 : gap === 1 ? -0.5 : gap === -1 ? 0.5 : -2.5;
  if (gap === 0) reasons.push({ weight: 2, text: `matches your ${p.targetLevel} level` });
  else if (gap === 1) reasons.push({ weight: 0.5, text: `a step up from your ${p.targetLevel} level` });
  else if (gap === -1) reasons.push({ weight: 0.4, text: "an easier session to build consistency" });
  if (p.targetLevel !== p.level && gap === 0) reasons.push({ weight: 1.5, text: `pitched at ${p.targetLevel} after your recent feedback` });

  const goalHits = w.categoryIds.filter((c) => p.goalCategoryIds.includes(c));
  if (goalHits.length) {
    s += 1.2 * Math.min(goalHits.length, 2);
    reasons.push({
      weight: 1.8,
      text: `serves your goal${p.goalNames.length > 1 ? "s" : ""} (${p.goalNames.slice(0, 2).join(", ").toLowerCase()}) with ${goalHits
        .map((c) => p.categoryNames.get(c) ?? c)
        .slice(0, 2)
        .join(" and ")
        .toLowerCase()}`,
    });
  }

  if (p.allowedEquipmentIds) {
    const missing = w.equipmentIds.filter((id) => !p.allowedEquipmentIds!.has(id));
    if (missing.length === 0) {
      s += 1;
      reasons.push({ weight: 1, text: w.equipmentIds.length ? "uses equipment you have" : "needs no equipment" });
    } else s -= 2 * missing.length;
  } else if (w.equipmentIds.length === 0) {
    reasons.push({ weight: 0.3, text: "needs no equipment" });
  }

  const minutes = Math.round(w.duration / 60);
  const off = Math.abs(w.duration - p.targetSeconds) / 60;
  s -= Math.min(off / 15, 2);
  if (off <= 7)
    reasons.push({
      weight: 0.7,
      text: p.trainingDaysPerWeek ? `${minutes} minutes suits ${p.trainingDaysPerWeek} training days a week` : `${minutes} minutes long`,
    });

  if (p.age !== undefined && p.age >= 65) {
    if (w.hasHighImpact) s -= 2;
    else reasons.push({ weight: 0.8, text: "low impact and easy on the joints" });
  }

  if (w.ratingCount >= 3) {
    const avg = w.ratingSum / w.ratingCount;
    s += (avg - 3) * 0.3;
    if (avg >= 4.2) reasons.push({ weight: 0.6, text: `rated ${avg.toFixed(1)} by members` });
  }

  const h = p.history.get(w.id);
  if (h) {
    const days = h.lastAt ? (now - h.lastAt.getTime()) / 86_400_000 : 999;
    if (h.completed > 0 && days < 7) s -= 1.5;
    else if (h.completed > 0) s -= 0.4;
    if (h.rating !== null && h.rating >= 4) {
      s += 0.8;
      reasons.push({ weight: 1.6, text: "you rated it highly" });
    }
    if (h.rating !== null && h.rating <= 2) s -= 1.5;
    if (h.tooHard > h.tooEasy) s -= 1;
    if (h.completed > 0 && days >= 14) reasons.push({ weight: 0.9, text: "a favourite worth repeating" });
  } else if (p.history.size) {
    s += 0.3;
    reasons.push({ weight: 0.5, text: "new to you" });
  }
  let fav = 0;
  for (const c of w.categoryIds) fav += p.favouriteCategoryIds.get(c) ?? 0;
  if (fav > 0) {
    s += Math.min(fav, 2) * 0.4;
    reasons.push({ weight: 1.2, text: "similar to workouts you enjoyed" });
  }
  s += w.preScore * 0.05;
  reasons.sort((a, b) => b.weight - a.weight);
  return { item: w, score: s, reasons: reasons.map((r) => r.text) };
}

function similarity(a: RankableWorkout, b: RankableWorkout): number {
  const inter = a.categoryIds.filter((c) => b.categoryIds.includes(c)).length;
  const union = new Set([...a.categoryIds, ...b.categoryIds]).size || 1;
  return (
    0.5 * (inter / union) +
    0.2 * Number(a.difficulty === b.difficulty) +
    0.15 * Number(a.trainerId !== null && a.trainerId === b.trainerId) +
    0.15 * Number(Math.abs(a.duration - b.duration) < 300)
  );
}

/** Maximal marginal relevance: each next pick trades relevance against likeness to those picked. */
export function diversify<T extends RankableWorkout>(ranked: RankedItem<T>[], limit: number, lambda = 1.6): RankedItem<T>[] {
  // Only the strongest few times `limit` compete: likeness can cost at most `lambda`.
  const left = [...ranked].sort((a, b) => b.score - a.score || (a.item.id < b.item.id ? -1 : 1)).slice(0, Math.max(limit * 5, 40));
  const out: RankedItem<T>[] = [];
  while (out.length < limit && left.length) {
    let bestIdx = 0;
    let best = -Infinity;
    for (let i = 0; i < left.length; i++) {
      const maxSim = out.reduce((m, o) => Math.max(m, similarity(left[i]!.item, o.item)), 0);
      const v = left[i]!.score - lambda * maxSim;
      if (v > best) {
        best = v;
        bestIdx = i;
      }
    }
    out.push(left.splice(bestIdx, 1)[0]!);
  }
  return out;
}

/** "Matches your beginner level; serves your goal ... ." */
export function reasonText(reasons: string[], fallback: string): string {
  const picked = reasons.slice(0, 3);
  if (!picked.length) return fallback;
  const text = picked.join("; ");
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}
