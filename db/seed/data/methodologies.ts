/**
 * Seed data: Methodology ("Programming DNA") profiles. Pure data, no DB code.
 * `guidance` is private free text that the API never returns; `ruleSummary` is the
 * public one-sentence summary shown in the profile list.
 */

export interface MethodologyRules {
  restSecondsMin?: number;
  restSecondsMax?: number;
  workRestRatio?: { work: number; rest: number };
  requireWarmup?: boolean;
  requireCooldown?: boolean;
  /** EXERCISES keys. */
  bannedExerciseKeys?: string[];
  maxImpact?: "low" | "high";
  maxConsecutiveSetsPerMuscleGroup?: number;
  workSecondsMin?: number;
  workSecondsMax?: number;
}

export interface MethodologySeed {
  key: string;
  name: string;
  version: string;
  applicability: "workout" | "plan" | "both";
  isTeamDefault: boolean;
  scope: "team" | "personal";
  /** For personal profiles: the TRAINERS key of the owner. */
  ownerTrainerKey?: string;
  active: boolean;
  ruleSummary: string;
  guidance: string;
  rules: MethodologyRules;
}

export const METHODOLOGIES: MethodologySeed[] = [
  {
    key: "forma-balanced-standard",
    name: "Forma Balanced Standard",
    version: "1.2",
    applicability: "both",
    isTeamDefault: true,
    scope: "team",
    active: true,
    ruleSummary:
      "Every session starts with a warm-up and ends with a cool-down, keeps work intervals between 20 and 60 seconds with 10 to 90 seconds of rest, and never runs more than three sets in a row for the same muscle group.",
    guidance:
      "Our house style: program for the member in front of you, not for the highlight reel. Open with two to four minutes of dynamic mobility that rehearses the main patterns of the day. Alternate upper and lower body or push and pull so that no muscle group takes more than three consecutive sets. Prefer time-based work for beginners and reps for intermediate and advanced members. Finish with at least one minute of down-regulation, ideally child's pose or a long exhale drill. Keep exercise names and cues consistent with the library so members learn the vocabulary.",
    rules: {
      requireWarmup: true,
      requireCooldown: true,
      restSecondsMin: 10,
      restSecondsMax: 90,
      workSecondsMin: 20,
      workSecondsMax: 60,
      maxConsecutiveSetsPerMuscleGroup: 3,
    },
  },
  {
    key: "hiit-two-to-one",
    name: "HIIT 2:1 Intervals",
    version: "2.0",
    applicability: "workout",
    isTeamDefault: false,
    scope: "team",
    active: true,
    ruleSummary: "Interval workouts use a 2:1 work-to-rest ratio with 20 to 45 second efforts, 10 to 30 second rests and a mandatory warm-up.",
    guidance:
      "Use for conditioning and fat-loss sessions only. Efforts should feel like an 8 out of 10 by the final round. Put the most technical or explosive movement first in each round while the member is fresh, and follow plyometrics with a low-impact or core exercise. If a member reports joint pain, swap jumps for their low-impact equivalents rather than removing the interval.",
    rules: {
      workRestRatio: { work: 2, rest: 1 },
      workSecondsMin: 20,
      workSecondsMax: 45,
      restSecondsMin: 10,
      restSecondsMax: 30,
      requireWarmup: true,
    },
  },
  {
    key: "joint-friendly-legacy",
    name: "Joint-Friendly (Legacy)",
    version: "0.9",
    applicability: "plan",
    isTeamDefault: false,
    scope: "team",
    active: false,
    ruleSummary: "Plans stay low impact: no jumping exercises, generous rest and a warm-up and cool-down in every session.",
    guidance:
      "Superseded by the Balanced Standard with a low-impact filter, kept for reference. Originally written for our over-55 group classes: no jumps, no burpees, no loaded spinal flexion, and always offer a chair or wall for balance. Rest at least 30 seconds between exercises.",
    rules: {
      maxImpact: "low",
      bannedExerciseKeys: ["burpee", "jump-squat", "skater-jump", "jumping-jack", "high-knees"],
      restSecondsMin: 30,
      requireWarmup: true,
      requireCooldown: true,
    },
  },
  {
    key: "maya-mobility-first",
    name: "Maya's Mobility First",
    version: "1.0",
    applicability: "both",
    isTeamDefault: false,
    scope: "personal",
    ownerTrainerKey: "trainer-maya",
    active: true,
    ruleSummary: "Mobility before load: a warm-up and cool-down are always required, rests are at least 15 seconds and ballistic kettlebell work is excluded.",
    guidance:
      "My personal defaults for desk-bound clients. Start every session with spinal mobility (cat-cow, world's greatest stretch) before any loading. Avoid kettlebell swings until the member can hold a clean hip hinge for ten slow reps. Slow tempo on the way down, and cue breathing out on the effort.",
    rules: {
      requireWarmup: true,
      requireCooldown: true,
      restSecondsMin: 15,
      bannedExerciseKeys: ["kettlebell-swing"],
    },
  },
];
