import { describe, expect, it } from "vitest";
import { muscleGroupId } from "@/db/seed/reference";
import { mergeSignals, readGuidance } from "./guidance";
import { seedReferenceIndex, seedTeamPool, teamExerciseId } from "@/test/support/ai-mocks/seed-catalog";

const ref = seedReferenceIndex();
const pool = seedTeamPool();

describe("readGuidance (deterministic free-text reader)", () => {
  it("reads impact with negation", () => {
    expect(readGuidance("No jumping please, my knees hurt", ref).impact).toBe("avoid-high");
    expect(readGuidance("low impact, apartment friendly", ref).impact).toBe("avoid-high");
    expect(readGuidance("Plyometric jumps are welcome", ref).impact).toBe("prefer-high");
    expect(readGuidance("I want squats and no jumping", ref).impact).toBe("avoid-high");
  });

  it("reads intensity, rest, equipment and work style", () => {
    expect(readGuidance("make it really hard", ref).intensity).toBe(2);
    expect(readGuidance("an easy recovery session", ref).intensity).toBe(-1);
    expect(readGuidance("short rests", ref).rest).toBe("shorter");
    expect(readGuidance("I need more rest between sets", ref).rest).toBe("longer");
    expect(readGuidance("bodyweight only", ref).equipment).toBe("none");
    expect(readGuidance("I'd like to use my dumbbells", ref).equipment).toBe("use");
    expect(readGuidance("count reps please", ref).workStyle).toBe("reps");
  });

  it("reads muscle focus in any locale and through aliases", () => {
    expect(readGuidance("focus on abs", ref).focusMuscleGroupIds).toContain(muscleGroupId("core"));
    expect(readGuidance("mehr Gesäßmuskeln bitte", ref).focusMuscleGroupIds).toContain(muscleGroupId("glutes"));
    expect(readGuidance("legs today", ref).focusMuscleGroupIds).toEqual(expect.arrayContaining([muscleGroupId("quadriceps"), muscleGroupId("hamstrings")]));
    expect(readGuidance("no legs today", ref).focusMuscleGroupIds).toBeUndefined();
  });

  it("names pool exercises to avoid or include, scoped to their clause", () => {
    const s = readGuidance("No burpees, lots of lunges", ref, pool);
    expect(s.avoidExerciseIds).toContain(teamExerciseId("burpee"));
    expect(s.preferExerciseIds).toContain(teamExerciseId("lunge"));
    expect(s.avoidExerciseIds).not.toContain(teamExerciseId("lunge"));
  });

  it("is empty for empty text", () => {
    expect(readGuidance(undefined, ref)).toEqual({});
    expect(readGuidance("   ", ref)).toEqual({});
  });
});

describe("mergeSignals (rule 3 precedence)", () => {
  it("lets the higher text win on each dimension and reports overrides", () => {
    const methodology = readGuidance("No jumps. Keep it gentle.", ref);
    const user = readGuidance("jumps welcome, make it hard", ref);
    const { merged, overridden } = mergeSignals(methodology, user);
    expect(merged.impact).toBe("prefer-high");
    expect(merged.intensity).toBeGreaterThan(0);
    expect(overridden).toEqual(expect.arrayContaining(["impact", "intensity"]));
  });

  it("keeps lower signals the higher text is silent on", () => {
    const { merged, overridden } = mergeSignals({ impact: "avoid-high", rest: "longer" }, { intensity: 1 });
    expect(merged).toEqual({ impact: "avoid-high", rest: "longer", intensity: 1 });
    expect(overridden).toEqual([]);
  });
});
