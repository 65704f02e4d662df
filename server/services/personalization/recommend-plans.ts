/**
 * POST /v1/orgs/{organizationId}/plans/recommend. The pool is the public published plans of the
 * workspace (never end-user-ai-generated ones); ranked by goals, level, training frequency and
 * the member's current enrollment, then diversified.
 */
import type { Db } from "@/db/client";
import { listPlanCandidates } from "@/db/queries/catalog";
import { PLATFORM, levelOf } from "@/server/ai/knowledge";
import { callModel } from "@/server/ai/model-call";
import { RECOMMEND_SYSTEM, RecommendModelOutput, recommendPrompt } from "@/server/ai/prompts/recommend";
import { getLanguageModel } from "@/server/ai/providers/model";
import { levelRank } from "@/server/ai/types";
import { clean } from "@/server/ai/workout-engine";
import type { RecommendPlansInput } from "@/server/contracts/ai";
import { pickText, resolveReadLocale } from "@/server/core/locale";
import { publicMediaUrl } from "@/server/media/signing";
import { assertReferenceIds, goalCategoryKeys, resolveMember } from "./context";
import { getReferenceIndex } from "@/server/services/metadata/reference-cache";

export async function recommendPlans(db: Db, organizationId: string, body: RecommendPlansInput) {
  const ref = await getReferenceIndex(db);
  const profile = body.endUserProfileDetails ?? {};
  assertReferenceIds(ref, [
    { field: "endUserProfileDetails.goalIds", ids: profile.goalIds, kind: "goal" },
    { field: "endUserProfileDetails.preferredEquipmentCategoryIds", ids: profile.preferredEquipmentCategoryIds, kind: "equipmentCategory" },
  ]);
  const locale = resolveReadLocale(body.locale);
  await resolveMember(db, organizationId, profile.endUserId);
  const level = levelOf(profile.fitnessLevels);
  const rows = await listPlanCandidates(db, organizationId, 500);
  if (rows.length === 0) return { plans: [], reasoning: "This workspace has no public plans to recommend yet." };

  const goals = new Set(profile.goalIds ?? []);
  const goalCats = new Set(goalCategoryKeys(ref, profile.goalIds).map((k) => ref.categoryByKey.get(k)!.id));
  const goalNames = (profile.goalIds ?? []).map((id) => pickText(ref.goalById.get(id)?.name).toLowerCase());
  const ranked = rows.map((p) => {
    const reasons: string[] = [];
    let s = 0;
    const goalHits = p.goalIds.filter((g) => goals.has(g));
    if (goalHits.length) {
      s += 2 * goalHits.length;
      reasons.push(`built for ${goalHits.map((g) => pickText(ref.goalById.get(g)?.name).toLowerCase()).join(" and ")}`);
    } else if (p.categoryIds.some((c) => goalCats.has(c))) {
      s += 1;
      reasons.push(
        `its ${p.categoryIds
          .filter((c) => goalCats.has(c))
          .map((c) => pickText(ref.categoryById.get(c)?.name).toLowerCase())
          .join(" and ")} work serves your goal${goalNames.length > 1 ? "s" : ""}`,
      );
    }
    const gap = levelRank(p.difficulty) - levelRank(level);
    s += gap === 0 ? 2 : gap === 1 ? -0.5 : gap === -1 ? 0.3 : -2.5;
    if (gap === 0) reasons.push(`pitched at your ${level} level`);
    else if (gap === 1) reasons.push(`a step up from your ${level} level`);
    if (profile.trainingDaysPerWeek !== undefined) {
      const d = Math.abs(p.daysPerWeek - profile.trainingDaysPerWeek);
      s -= d * 0.7;
      if (d === 0) reasons.push(`${p.daysPerWeek} sessions a week, as you train`);
    } else reasons.push(`${p.daysPerWeek} sessions a week over ${p.durationWeeks} weeks`);
    if (p.workoutCount === 0) s -= 3;
    return { p, s, reasons };
  });
  // Diversity: a plan too like one already picked (same goals and level) is pushed down.
  const left = ranked.sort((a, b) => b.s - a.s || (a.p.id < b.p.id ? -1 : 1));
  const picked: typeof ranked = [];
  while (picked.length < PLATFORM.recommendLimit && left.length) {
    let bi = 0;
    let bv = -Infinity;
    left.forEach((x, i) => {
      const sim = picked.reduce(
        (m, o) => Math.max(m, (x.p.difficulty === o.p.difficulty ? 0.4 : 0) + (x.p.goalIds.join() === o.p.goalIds.join() ? 0.6 : 0)),
        0,
      );
      const v = x.s - 1.5 * sim;
      if (v > bv) {
        bv = v;
        bi = i;
      }
    });
    picked.push(left.splice(bi, 1)[0]!);
  }
  const texts = new Map(picked.map((x) => [x.p.id, sentence(x.reasons)]));
  let order = picked;
  let reasoning = `Ranked ${rows.length} public plan${rows.length === 1 ? "" : "s"} for a ${level} member${goalNames.length ? ` aiming to ${goalNames.join(" and ")}` : ""}${profile.trainingDaysPerWeek ? ` who trains ${profile.trainingDaysPerWeek} days a week` : ""}; picked ${picked.length} with varied goals and levels.`;

  const model = getLanguageModel();
  if (model) {
    const answer = await callModel(model, {
      name: "recommend_plans",
      schema: RecommendModelOutput,
      system: RECOMMEND_SYSTEM,
      prompt: recommendPrompt({
        kind: "plans",
        limit: PLATFORM.recommendLimit,
        language: locale,
        profileLines: [
          `Level: ${level}.`,
          goalNames.length ? `Goals: ${goalNames.join(", ")}.` : "",
          profile.trainingDaysPerWeek ? `Trains ${profile.trainingDaysPerWeek} days a week.` : "",
        ].filter(Boolean),
        candidates: picked.map((x) => ({
          id: x.p.id,
          line: `${pickText(x.p.name)} | ${x.p.difficulty} | ${x.p.durationWeeks} weeks x ${x.p.daysPerWeek} days | ${x.reasons.join("; ")}`,
        })),
      }),
    });
    if (answer.ok) {
      const byId = new Map(picked.map((x) => [x.p.id, x]));
      const chosen = [...new Map(answer.value.items.filter((i) => byId.has(i.id)).map((i) => [i.id, i])).values()];
      if (chosen.length) {
        order = [...chosen.map((c) => byId.get(c.id)!), ...picked.filter((x) => !chosen.some((c) => c.id === x.p.id))];
        for (const c of chosen) texts.set(c.id, clean(c.recommendation, 400));
        reasoning = clean(answer.value.reasoning, 800);
      }
    }
  }

  return {
    plans: order.map(({ p }) => ({
      id: p.id,
      name: pickText(p.name, locale),
      description: pickText(p.description, locale),
      difficulty: p.difficulty,
      durationWeeks: p.durationWeeks,
      daysPerWeek: p.daysPerWeek,
      thumbnailUrl: p.thumbnailKey ? publicMediaUrl(p.thumbnailKey) : null,
      recommendation: texts.get(p.id)!,
      goals: p.goalIds.filter((g) => ref.goalById.has(g)).map((g) => ({ id: g, name: pickText(ref.goalById.get(g)!.name, locale) })),
      categories: p.categoryIds.filter((c) => ref.categoryById.has(c)).map((c) => ({ id: c, name: pickText(ref.categoryById.get(c)!.name, locale) })),
    })),
    reasoning,
  };
}

function sentence(reasons: string[]): string {
  if (!reasons.length) return "A well-rounded program from your library.";
  const t = reasons.slice(0, 3).join("; ");
  return `${t.charAt(0).toUpperCase()}${t.slice(1)}.`;
}
