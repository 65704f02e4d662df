/**
 * Seed data: background music tracks and music pools. Pure data, no DB code.
 * A media helper generates one audio file per track, db/seed/media/music/<key>.m4a, of exactly
 * `durationSeconds` seconds (keys and lengths must match scripts/generate-media.ts).
 */

export type MusicMood = "energetic" | "uplifting" | "focused" | "calm" | "intense";

export interface MusicTrackSeed {
  key: string;
  name: string;
  artist: string;
  /** 20-40 seconds; the generated audio file has exactly this length. */
  durationSeconds: number;
  bpm: number;
  mood: MusicMood;
}

export interface MusicPoolSeed {
  key: string;
  /** "organization" for the workspace-wide pool, otherwise a TRAINERS key. */
  owner: "organization" | string;
  trackKeys: string[];
}

export const MUSIC_TRACKS: MusicTrackSeed[] = [
  { key: "track-1", name: "Iron Tempo", artist: "The Rep Counters", durationSeconds: 20, bpm: 120, mood: "energetic" },
  { key: "track-2", name: "Sunrise Drive", artist: "Nova Pulse", durationSeconds: 24, bpm: 100, mood: "uplifting" },
  { key: "track-3", name: "City Sprint", artist: "Nova Pulse", durationSeconds: 26, bpm: 128, mood: "energetic" },
  { key: "track-4", name: "Deep Focus", artist: "Lumen Fields", durationSeconds: 29, bpm: 90, mood: "focused" },
  { key: "track-5", name: "Redline", artist: "Voltage Run", durationSeconds: 31, bpm: 140, mood: "intense" },
  { key: "track-6", name: "Golden Hour", artist: "Aster Bloom", durationSeconds: 34, bpm: 110, mood: "uplifting" },
  { key: "track-7", name: "Still Water", artist: "Aster Bloom", durationSeconds: 37, bpm: 96, mood: "calm" },
  { key: "track-8", name: "Final Round", artist: "Voltage Run", durationSeconds: 40, bpm: 124, mood: "intense" },
];

/**
 * One organization pool and one pool per trainer. The pools overlap
 * (track-2 is in all three, track-1, track-4 and track-7 in two) so playlist
 * assembly must deduplicate.
 */
export const MUSIC_POOLS: MusicPoolSeed[] = [
  { key: "pool-organization", owner: "organization", trackKeys: ["track-2", "track-1", "track-4", "track-7", "track-3"] },
  { key: "pool-trainer-maya", owner: "trainer-maya", trackKeys: ["track-7", "track-6", "track-4", "track-2"] },
  { key: "pool-trainer-jonas", owner: "trainer-jonas", trackKeys: ["track-5", "track-8", "track-1", "track-2"] },
];
