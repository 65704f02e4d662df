import type { Tx } from "@/db/client";
import { type DropRow, listAllReadyDrops } from "@/db/queries/drops";
import { type AutomationRow, listRecentDeliveryDrops } from "@/db/queries/social-publish";
import { groupClips, healthAverages, planWorkoutIds, trainedCategories, workoutEngagement, workoutsUsingClips } from "@/db/queries/social-signals";
import type { ChannelPreset } from "@/db/schema";
import { type DropCandidate, type InsightsFocus, insightsFocus, rankDrops } from "@/server/ai/engine/drop-ranker";
import { callModel } from "@/server/ai/model-call";
import { DROP_PICK_SYSTEM, DropPickModelOutput, dropPickPrompt } from "@/server/ai/prompts/social";
import { getLanguageModel } from "@/server/ai/providers/model";
import { seededRandom } from "@/server/ai/rng";
import { CHANNEL_PRESET_SPECS, parseVariantName } from "@/server/services/drops/presets";
import { presetsOf } from "./serialize";

export type DropPick = { dropId: string; reason: string } | { dropId: null; reason: string };

const DAY_MS = 86_400_000;
/** ai modes rank at most this many of the newest ready drops. */
const MAX_CANDIDATES = 40;
/** The model sees the deterministic top few. */
const MODEL_CANDIDATES = 10;

/** Whether a drop has a ready variant the preset can post. */
export function fitsPreset(availableVariants: string[], preset: ChannelPreset): boolean {
  const spec = CHANNEL_PRESET_SPECS[preset];
  return availableVariants.some((name) => {
    const v = parseVariantName(name);
    return v !== null && spec.aspectRatios.includes(v.aspectRatio) && v.durationSeconds <= spec.maxDurationSeconds;
  });
}

/** Completions and ratings of the content behind each drop (a workout, the workouts using a clip or group, a plan's workouts). */
async function engagementOf(db: Tx, organizationId: string, drops: DropRow[], now: Date): Promise<Map<string, { completions: number; rating: number | null }>> {
  const { completions, ratings } = await workoutEngagement(db, organizationId, new Date(now.getTime() - 30 * DAY_MS));
  const groups = await groupClips(
    db,
    drops.filter((d) => d.sourceType === "exerciseCollection").map((d) => d.sourceId),
  );
  const clipIds = [...drops.filter((d) => d.sourceType === "exercise").map((d) => d.sourceId), ...groups.map((g) => g.videoAssetId)];
  const [usingClips, planned] = await Promise.all([
    workoutsUsingClips(db, organizationId, [...new Set(clipIds)]),
    planWorkoutIds(
      db,
      drops.filter((d) => d.sourceType === "workoutCollection").map((d) => d.sourceId),
    ),
  ]);
  const workoutsOfClip = (clipId: string) => usingClips.filter((u) => u.videoAssetId === clipId).map((u) => u.workoutId);
  const out = new Map<string, { completions: number; rating: number | null }>();
  for (const d of drops) {
    const ids =
      d.sourceType === "workout"
        ? [d.sourceId]
        : d.sourceType === "exercise"
          ? workoutsOfClip(d.sourceId)
          : d.sourceType === "exerciseCollection"
            ? groups.filter((g) => g.groupId === d.sourceId).flatMap((g) => workoutsOfClip(g.videoAssetId))
            : planned.filter((p) => p.planId === d.sourceId).map((p) => p.workoutId);
    const unique = [...new Set(ids)];
    const rated = unique.map((w) => ratings.get(w)).filter((r): r is number => r !== undefined);
    out.set(d.id, {
      completions: unique.reduce((s, w) => s + (completions.get(w) ?? 0), 0),
      rating: rated.length ? rated.reduce((a, b) => a + b, 0) / rated.length : null,
    });
  }
  return out;
}

/** What the members' last 14 days of health data and training point to. */
export async function workspaceInsights(db: Tx, organizationId: string, now: Date): Promise<InsightsFocus | null> {
  const since = new Date(now.getTime() - 14 * DAY_MS);
  const [health, trained] = await Promise.all([
    healthAverages(db, organizationId, since.toISOString().slice(0, 10)),
    trainedCategories(db, organizationId, since),
  ]);
  return insightsFocus({ ...health, trained: new Map(trained.map((t) => [t.key, t.n])) });
}

async function rankedPick(db: Tx, a: AutomationRow, dueAt: Date, drops: { drop: DropRow; availableVariants: string[] }[]): Promise<DropPick> {
  const mode = a.sourceMode as "ai_pick" | "ai_insights";
  const pool = drops.slice(0, MAX_CANDIDATES).map((d) => d.drop);
  const [engagement, insights, recent] = await Promise.all([
    engagementOf(db, a.organizationId, pool, dueAt),
    mode === "ai_insights" ? workspaceInsights(db, a.organizationId, dueAt) : Promise.resolve(null),
    listRecentDeliveryDrops(db, a.id, new Date(dueAt.getTime() - 14 * DAY_MS)),
  ]);
  const candidates: DropCandidate[] = pool.map((d) => ({
    id: d.id,
    title: d.title,
    sourceType: d.sourceType,
    categoryKeys: d.categoryKeys,
    createdAt: d.createdAt,
    completions: engagement.get(d.id)?.completions ?? 0,
    rating: engagement.get(d.id)?.rating ?? null,
    postsRecent: new Set(recent.filter((r) => r.dropId === d.id).map((r) => r.dueAt.getTime())).size,
    postedLast: recent[0]?.dropId === d.id,
  }));
  const ranked = rankDrops(candidates, { mode, insights, now: dueAt, seed: `${a.id}:${dueAt.toISOString()}` });
  const best = ranked[0]!;
  const focusNote =
    mode === "ai_insights" ? (insights ? ` Members: ${insights.lines.join("; ")}.` : " No member insights data yet: ranked by engagement.") : "";
  const configured = getLanguageModel();
  if (configured) {
    const top = ranked.slice(0, MODEL_CANDIDATES);
    const byId = new Map(candidates.map((c) => [c.id, c]));
    const result = await callModel(configured, {
      name: "social_drop_pick",
      schema: DropPickModelOutput,
      system: DROP_PICK_SYSTEM,
      prompt: dropPickPrompt({
        mode,
        signals: insights?.lines ?? ["no member health data in the last 14 days"],
        candidates: top.map((r) => ({ id: r.id, line: `${byId.get(r.id)!.title} (${byId.get(r.id)!.sourceType}) | ${r.reason} | ${r.score}` })),
      }),
    });
    if (result.ok && top.some((r) => r.id === result.value.dropId))
      return { dropId: result.value.dropId, reason: `${mode} (model): ${result.value.reason}${focusNote}` };
  }
  return { dropId: best.id, reason: `${mode}: highest score ${best.score} of ${ranked.length} ready drops (${best.reason}).${focusNote}` };
}

/**
 * The drop an automation posts at one due time, the same for all its platforms. manual_fixed
 * takes the fixed drops in turn (skipping any no longer ready); random_ready draws among ready
 * drops that every target preset can post, avoiding the last one posted; ai_pick and
 * ai_insights rank them (engagement, freshness, repetition, and for ai_insights the members'
 * needs) through the model when one is configured, the deterministic ranker otherwise.
 */
export async function pickDropForRun(db: Tx, a: AutomationRow, dueAt: Date): Promise<DropPick> {
  const ready = await listAllReadyDrops(db, a.organizationId);
  const presets = Object.values(presetsOf(a));
  const usableByAll = ready.filter((d) => presets.every((p) => fitsPreset(d.availableVariants, p)));
  const usableBySome = ready.filter((d) => presets.some((p) => fitsPreset(d.availableVariants, p)));
  const pool = usableByAll.length ? usableByAll : usableBySome;

  if (a.sourceMode === "manual_fixed") {
    const n = a.dropIds.length;
    for (let i = 0; i < n; i++) {
      const id = a.dropIds[(a.cursor + i) % n]!;
      if (usableBySome.some((d) => d.drop.id === id))
        return { dropId: id, reason: `manual_fixed: drop ${((a.cursor + i) % n) + 1} of ${n}${i > 0 ? ` (${i} not ready, skipped)` : ""}.` };
    }
    return { dropId: null, reason: "None of the automation's fixed drops is ready for its channel presets." };
  }
  if (pool.length === 0) return { dropId: null, reason: "The workspace has no ready drop with a variant for these channel presets." };
  if (a.sourceMode === "random_ready") {
    const [last] = await listRecentDeliveryDrops(db, a.id, new Date(0), 1);
    const choices = pool.length > 1 ? pool.filter((d) => d.drop.id !== last?.dropId) : pool;
    const pick = choices[Math.floor(seededRandom(`${a.id}:${dueAt.toISOString()}`)() * choices.length)]!;
    return { dropId: pick.drop.id, reason: `random_ready: drawn from ${choices.length} ready drop${choices.length === 1 ? "" : "s"}.` };
  }
  return rankedPick(db, a, dueAt, pool);
}
