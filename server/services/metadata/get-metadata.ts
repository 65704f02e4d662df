import { and, asc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { listCollectionCounts } from "@/db/queries/reference";
import { getOrganization } from "@/db/queries/organizations";
import { methodologyProfiles } from "@/db/schema";
import { DIFFICULTIES } from "@/db/schema/workouts";
import { notFound } from "@/server/api/errors";
import { type Locale, SUPPORTED_LOCALES, pickText } from "@/server/api/locale";
import { getReferenceData } from "./reference-cache";

export async function getWorkoutMetadata(db: Db, locale: Locale) {
  const ref = await getReferenceData(db);
  return {
    categories: ref.categories.map((c) => ({ id: c.id, name: pickText(c.name, locale) })),
    difficulties: [...DIFFICULTIES],
  };
}

export async function getEquipmentMetadata(db: Db, locale: Locale) {
  const ref = await getReferenceData(db);
  return {
    categories: ref.equipmentCategories.map((c) => ({ id: c.id, name: pickText(c.name, locale), category: c.category })),
    equipment: ref.equipment.map((e) => ({ id: e.id, name: pickText(e.name, locale), equipmentCategoryId: e.equipmentCategoryId })),
  };
}

export async function getExerciseMetadata(db: Db, organizationId: string, locale: Locale) {
  const [ref, collections] = await Promise.all([getReferenceData(db), listCollectionCounts(db, organizationId)]);
  return {
    muscleGroups: ref.muscleGroups.map((m) => ({ id: m.id, name: pickText(m.name, locale) })),
    collections: collections.map((c) => ({ name: c.name as string, count: Number(c.count) })),
  };
}

export async function getPlanMetadata(db: Db, locale: Locale) {
  const ref = await getReferenceData(db);
  return {
    goals: ref.goals.map((g) => ({ id: g.id, name: pickText(g.name, locale) })),
    difficulties: [...DIFFICULTIES],
  };
}

export async function getOrganizationMetadata(db: Db, organizationId: string) {
  const org = await getOrganization(db, organizationId);
  if (!org) throw notFound("Organization not found.");
  return {
    id: org.id,
    name: org.name,
    branding: org.branding,
    modules: org.modules,
    aiChatEnabled: org.aiChatEnabled,
    aiRecommendationsEnabled: org.aiRecommendationsEnabled,
    aiGenerationEnabled: org.aiGenerationEnabled,
    insightsEnabled: org.insightsEnabled,
    defaultLocale: org.defaultLocale,
    supportedLocales: [...SUPPORTED_LOCALES],
  };
}

/** Team profiles that generate accepts (active, team scope); guidance text is never selected. */
export async function listMethodologies(db: Db, organizationId: string) {
  const rows = await db
    .select({
      id: methodologyProfiles.id,
      name: methodologyProfiles.name,
      version: methodologyProfiles.version,
      applicability: methodologyProfiles.applicability,
      isTeamDefault: methodologyProfiles.isTeamDefault,
      ruleSummary: methodologyProfiles.ruleSummary,
    })
    .from(methodologyProfiles)
    .where(and(eq(methodologyProfiles.organizationId, organizationId), eq(methodologyProfiles.scope, "team"), eq(methodologyProfiles.isActive, true)))
    .orderBy(asc(methodologyProfiles.createdAt), asc(methodologyProfiles.id));
  return { items: rows };
}
