import type { Db } from "@/db/client";
import type { Caller } from "@/server/core/caller";
import { listTeamMethodologies } from "@/db/queries/ai";
import { listCollectionCounts } from "@/db/queries/reference";
import { getOrganization } from "@/db/queries/organizations";
import { DIFFICULTIES } from "@/db/schema/workouts";
import { notFound } from "@/server/core/errors";
import { type Locale, SUPPORTED_LOCALES, pickText } from "@/server/core/locale";
import { SerializedJson } from "@/server/core/serialized-json";
import { getReferenceData } from "./reference-cache";

/**
 * The metadata responses `{ data }` derived from the reference data alone, serialized once per
 * reference snapshot, kind and locale (reference data is reloaded at most once a minute). A hit is
 * answered without a promise or an allocation: these are the API's most frequent reads.
 */
type MetadataKind = "workouts" | "equipment" | "plans";
const serialized = new WeakMap<Reference, Record<MetadataKind, Map<Locale, SerializedJson>>>();
/** Reference snapshots by the promise that loaded them, once it has resolved. */
const settled = new WeakMap<Promise<Reference>, Reference>();

function metadataOf(ref: Reference, kind: MetadataKind, locale: Locale): unknown {
  if (kind === "workouts") return workoutMetadataOf(ref, locale);
  if (kind === "equipment") return equipmentMetadataOf(ref, locale);
  return planMetadataOf(ref, locale);
}

function serializedOf(ref: Reference, kind: MetadataKind, locale: Locale): SerializedJson {
  let byKind = serialized.get(ref);
  if (!byKind) {
    byKind = { workouts: new Map(), equipment: new Map(), plans: new Map() };
    serialized.set(ref, byKind);
  }
  let hit = byKind[kind].get(locale);
  if (!hit) {
    hit = new SerializedJson(JSON.stringify({ data: metadataOf(ref, kind, locale) }));
    byKind[kind].set(locale, hit);
  }
  return hit;
}

/** GET /v1/workouts/metadata, /v1/workouts/equipment/metadata and /v1/plans/metadata, serialized. */
export function getReferenceMetadataResponse(db: Db, kind: MetadataKind, locale: Locale): SerializedJson | Promise<SerializedJson> {
  const loading = getReferenceData(db);
  const ref = settled.get(loading);
  if (ref) return serializedOf(ref, kind, locale);
  return loading.then((loaded) => {
    settled.set(loading, loaded);
    return serializedOf(loaded, kind, locale);
  });
}

type Reference = Awaited<ReturnType<typeof getReferenceData>>;

/** Workout categories and difficulties, localized (the hosted grids' filters read these). */
export async function getWorkoutMetadata(db: Db, locale: Locale) {
  return workoutMetadataOf(await getReferenceData(db), locale);
}

/** Equipment categories and items, localized. */
export async function getEquipmentMetadata(db: Db, locale: Locale) {
  return equipmentMetadataOf(await getReferenceData(db), locale);
}

function workoutMetadataOf(ref: Reference, locale: Locale) {
  return {
    categories: ref.categories.map((c) => ({ id: c.id, name: pickText(c.name, locale) })),
    difficulties: [...DIFFICULTIES],
  };
}

function equipmentMetadataOf(ref: Reference, locale: Locale) {
  return {
    categories: ref.equipmentCategories.map((c) => ({ id: c.id, name: pickText(c.name, locale), category: c.category })),
    equipment: ref.equipment.map((e) => ({ id: e.id, name: pickText(e.name, locale), equipmentCategoryId: e.equipmentCategoryId })),
  };
}

/** For the caller's organization, or `organizationId` (403 when the caller may not use it). */
export async function getExerciseMetadata(db: Db, args: { caller: Caller; organizationId?: string; locale: Locale }) {
  const { caller, locale } = args;
  const organizationId = args.organizationId ?? caller.apiKey?.organizationId ?? caller.member!.organizationId;
  caller.assertOrganization(organizationId);
  const [ref, collections] = await Promise.all([getReferenceData(db), listCollectionCounts(db, organizationId)]);
  return {
    muscleGroups: ref.muscleGroups.map((m) => ({ id: m.id, name: pickText(m.name, locale) })),
    collections: collections.map((c) => ({ name: c.name as string, count: Number(c.count) })),
  };
}

function planMetadataOf(ref: Reference, locale: Locale) {
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
  return { items: await listTeamMethodologies(db, organizationId) };
}
