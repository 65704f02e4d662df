/**
 * Seed data: social drops (short social videos cut from workspace content). Pure data, no DB
 * code. Ready drops are rendered once per installation at seed time (db/seed/drops.ts) by the
 * same ffmpeg and next/og code as the render job; the "processing" drop has no media yet, which
 * proves that only ready drops are listed (a running server's sweep renders it later).
 */
import type { Locale } from "../../../server/core/locale";

export type DropSeedPreset = "ig_reels" | "ig_stories" | "ig_carousel" | "tiktok" | "yt_shorts" | "fb_reels" | "yt_longform";
export type DropSeedAspect = "9:16" | "1:1" | "16:9";

export interface DropCopyPackSeed {
  hook: string;
  caption: string;
  hashtags: string[];
  cta: string;
  posterTagline: { primaryLine: string; secondaryLine: string };
}

export interface DropSeed {
  key: string;
  status: "ready" | "processing";
  sourceType: "workout" | "exercise";
  /** WORKOUTS key when sourceType is "workout", EXERCISES key when "exercise". */
  sourceKey: string;
  title: string;
  locale: Locale;
  /** More locales, written by the built-in copy writer at seed time. */
  extraLocales: Locale[];
  channelPreset: DropSeedPreset;
  aspectRatios: DropSeedAspect[];
  durations: (15 | 30 | 60)[];
  /** Hand-written copy in the drop's locale. */
  copyPack: DropCopyPackSeed;
  ctaUrl?: string;
}

export const DROPS: DropSeed[] = [
  {
    key: "drop-hiit-burn-reel",
    status: "ready",
    sourceType: "workout",
    sourceKey: "hiit-burn",
    title: "HIIT Burn: 4 rounds, zero equipment",
    locale: "en-US",
    extraLocales: ["de-DE", "es-ES", "fr-FR"],
    channelPreset: "ig_reels",
    aspectRatios: ["9:16", "1:1", "16:9"],
    durations: [15, 30],
    copyPack: {
      hook: "No gym? No excuses.",
      caption: "Four rounds of jump squats, mountain climbers, skaters and high knees. 40 seconds on, 20 off. Save this for your next living-room session.",
      hashtags: ["hiit", "homeworkout", "noequipment", "cardio", "formafit"],
      cta: "Try the full workout free",
      posterTagline: { primaryLine: "HIIT Burn", secondaryLine: "4 rounds. No equipment." },
    },
    ctaUrl: "https://forma.example.com/w/hiit-burn",
  },
  {
    key: "drop-worlds-greatest-stretch-tiktok",
    status: "ready",
    sourceType: "exercise",
    sourceKey: "worlds-greatest-stretch",
    title: "Die beste Dehnübung der Welt",
    locale: "de-DE",
    extraLocales: ["en-US"],
    channelPreset: "tiktok",
    aspectRatios: ["9:16"],
    durations: [15, 30],
    copyPack: {
      hook: "Eine Übung für Hüfte, Beine und Rücken.",
      caption:
        "Tiefer Ausfallschritt, Ellbogen zum Fuß, dann aufdrehen und zur Decke greifen. Fünf Wiederholungen pro Seite, und dein Tag fühlt sich leichter an.",
      hashtags: ["mobility", "dehnen", "beweglichkeit", "morgenroutine", "formafit"],
      cta: "Hol dir den ganzen Mobility-Flow",
      posterTagline: { primaryLine: "Weltbeste Dehnung", secondaryLine: "Hüfte, Beine und Rücken" },
    },
  },
  {
    key: "drop-kettlebell-power-shorts",
    status: "processing",
    sourceType: "workout",
    sourceKey: "kettlebell-power",
    title: "Kettlebell Power in 60 seconds",
    locale: "en-US",
    extraLocales: [],
    channelPreset: "yt_shorts",
    aspectRatios: ["9:16"],
    durations: [60],
    copyPack: {
      hook: "One bell. Five rounds. Full body.",
      caption: "Heavy swings, goblet squats, push-ups and burpees. Here is how the Kettlebell Power session flows.",
      hashtags: ["kettlebell", "strength", "conditioning", "formafit"],
      cta: "Train it with us",
      posterTagline: { primaryLine: "Kettlebell Power", secondaryLine: "Strength meets conditioning" },
    },
    ctaUrl: "https://forma.example.com/w/kettlebell-power",
  },
];
