import { describe, expect, it } from "vitest";
import type { ReferenceIndex } from "@/server/ai/types";
import { exerciseWindowSeconds } from "./get-playlist";
import { resolveExportLocale } from "@/server/services/exports/export-plan";
import { selectExport } from "./get-export-url";
import { pickTrack } from "./media";
import { groupFacets, muscleGroupPercentages, ratingOf } from "./serialize";

const ref = {
  categoryById: new Map(),
  equipmentById: new Map(),
  goalById: new Map(),
  muscleById: new Map([
    ["m1", { id: "m1", name: { "en-US": "Glutes", "de-DE": "Gesäß" }, sortOrder: 1 }],
    ["m2", { id: "m2", name: { "en-US": "Core" }, sortOrder: 2 }],
    ["m3", { id: "m3", name: { "en-US": "Abs" }, sortOrder: 3 }],
  ]),
} as unknown as ReferenceIndex;

describe("muscleGroupPercentages", () => {
  it("turns weighted seconds into percentages, largest first, ties by name", () => {
    const weights = new Map([
      ["m1", 30],
      ["m2", 15],
      ["m3", 15],
      ["unknown", 100],
    ]);
    expect(muscleGroupPercentages(weights, ref, "de-DE")).toEqual([
      { muscleGroupId: "m1", muscleGroupName: "Gesäß", percentage: 50 },
      { muscleGroupId: "m3", muscleGroupName: "Abs", percentage: 25 },
      { muscleGroupId: "m2", muscleGroupName: "Core", percentage: 25 },
    ]);
    expect(muscleGroupPercentages(new Map(), ref, "en-US")).toEqual([]);
  });

  it("groups facet rows per workout and sums muscle weights from several sources", () => {
    const f = groupFacets([
      { workout_id: "w", rel: "muscle", ref_id: "m1", weight: 10 },
      { workout_id: "w", rel: "muscle", ref_id: "m1", weight: 5 },
      { workout_id: "w", rel: "equipment", ref_id: "e1", weight: 0 },
      { workout_id: "w", rel: "category", ref_id: "c1", weight: 0 },
    ]).get("w")!;
    expect(f.muscleWeights.get("m1")).toBe(15);
    expect([...f.equipmentIds]).toEqual(["e1"]);
    expect(f.categoryIds).toEqual(["c1"]);
  });
});

describe("ratingOf", () => {
  it("averages the denormalized sum and count; 0 without ratings", () => {
    expect(ratingOf({ ratingSum: 0, ratingCount: 0 })).toBe(0);
    expect(ratingOf({ ratingSum: 9, ratingCount: 2 })).toBe(4.5);
    expect(ratingOf({ ratingSum: 10, ratingCount: 3 })).toBe(3.33);
  });
});

describe("exerciseWindowSeconds", () => {
  it("uses work seconds, else reps times the estimated rep duration, else the stored plan", () => {
    expect(exerciseWindowSeconds({ workSeconds: 40, reps: null, durationSeconds: 40, assetEstimatedRepDuration: 3 })).toBe(40);
    expect(exerciseWindowSeconds({ workSeconds: null, reps: 12, durationSeconds: 0, assetEstimatedRepDuration: 2.5 })).toBe(30);
    expect(exerciseWindowSeconds({ workSeconds: null, reps: null, durationSeconds: 33, assetEstimatedRepDuration: 2 })).toBe(33);
  });
});

describe("export locale rules", () => {
  const rows = [
    { locale: "de-DE", assetKey: "de" }, // newest first
    { locale: "en-GB", assetKey: "gb" },
    { locale: "en-US", assetKey: "us" },
  ];

  it("video: newest of any locale without one; exact locale only with one", () => {
    expect(selectExport("video", rows, undefined, "en-US")?.assetKey).toBe("de");
    expect(selectExport("video", rows, "en-US", "en-US")?.assetKey).toBe("us");
    expect(selectExport("video", rows, "en-AU", "en-US")).toBeNull();
  });

  it("audio: requested or preferred locale, exact first, then the newest of the same language, never another language", () => {
    expect(selectExport("audio", rows, undefined, "en-US")?.assetKey).toBe("us");
    expect(selectExport("audio", rows, undefined, "en-AU")?.assetKey).toBe("gb");
    expect(selectExport("audio", rows, "en-AU", "de-DE")?.assetKey).toBe("gb");
    expect(selectExport("audio", rows, "fr-FR", "en-US")).toBeNull();
    expect(selectExport("audio", [], undefined, "en-US")).toBeNull();
  });

  it("resolves only supported locales and the Norwegian aliases", () => {
    expect(resolveExportLocale("de-DE")).toBe("de-DE");
    expect(resolveExportLocale("de-de")).toBe("de-DE");
    expect(resolveExportLocale("no")).toBe("nb-NO");
    expect(resolveExportLocale("no-NO")).toBe("nb-NO");
    expect(resolveExportLocale("de-AT")).toBeNull();
    expect(resolveExportLocale("xx")).toBeNull();
  });
});

describe("pickTrack", () => {
  const tracks = [
    { id: "1", locale: "en-US", type: "exerciseInstruction" as const, assetKey: "a", scriptText: null },
    { id: "2", locale: "de-DE", type: "exerciseInstruction" as const, assetKey: "b", scriptText: "x" },
    { id: "3", locale: "fr-FR", type: "exerciseCue" as const, assetKey: "c", scriptText: null },
  ];
  it("selects exact, same language, then English, of the requested type", () => {
    expect(pickTrack(tracks, "exerciseInstruction", "de-DE")?.id).toBe("2");
    expect(pickTrack(tracks, "exerciseInstruction", "en-GB")?.id).toBe("1");
    expect(pickTrack(tracks, "exerciseInstruction", "fr-FR")?.id).toBe("1");
    expect(pickTrack(tracks, "exerciseCue", "de-DE")?.id).toBe("3");
    expect(pickTrack(tracks, "workoutIntro", "de-DE")).toBeNull();
  });
});
