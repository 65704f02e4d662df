/**
 * Seed data: background music tracks and music pools. Pure data, no DB code.
 * A media helper generates one audio file per track, named by `key`, of exactly
 * `durationSeconds` seconds.
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
  { key: "track-sunrise-drive", name: "Sunrise Drive", artist: "Nova Pulse", durationSeconds: 32, bpm: 124, mood: "uplifting" },
  { key: "track-iron-tempo", name: "Iron Tempo", artist: "The Rep Counters", durationSeconds: 28, bpm: 132, mood: "energetic" },
  { key: "track-deep-focus", name: "Deep Focus", artist: "Lumen Fields", durationSeconds: 36, bpm: 96, mood: "focused" },
  { key: "track-redline", name: "Redline", artist: "Voltage Run", durationSeconds: 24, bpm: 150, mood: "intense" },
  { key: "track-still-water", name: "Still Water", artist: "Aster Bloom", durationSeconds: 40, bpm: 70, mood: "calm" },
  { key: "track-city-sprint", name: "City Sprint", artist: "Nova Pulse", durationSeconds: 30, bpm: 140, mood: "energetic" },
  { key: "track-golden-hour", name: "Golden Hour", artist: "Aster Bloom", durationSeconds: 34, bpm: 88, mood: "calm" },
  { key: "track-final-round", name: "Final Round", artist: "Voltage Run", durationSeconds: 22, bpm: 160, mood: "intense" },
];

/**
 * One organization pool and one pool per trainer. The pools overlap
 * (track-sunrise-drive and track-still-water appear in more than one pool) so
 * playlist assembly must deduplicate.
 */
export const MUSIC_POOLS: MusicPoolSeed[] = [
  {
    key: "pool-organization",
    owner: "organization",
    trackKeys: ["track-sunrise-drive", "track-iron-tempo", "track-deep-focus", "track-still-water", "track-city-sprint"],
  },
  {
    key: "pool-trainer-maya",
    owner: "trainer-maya",
    trackKeys: ["track-still-water", "track-golden-hour", "track-deep-focus", "track-sunrise-drive"],
  },
  {
    key: "pool-trainer-jonas",
    owner: "trainer-jonas",
    trackKeys: ["track-redline", "track-final-round", "track-iron-tempo", "track-sunrise-drive"],
  },
];
