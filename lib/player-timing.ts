/**
 * When the players start an exercise's spoken instruction: never before this second of the segment
 * (after its cue). Shared by the players (components/player/from-playlist.ts) and the caption
 * tracks timed to match them (server/services/captions/clip-captions.ts).
 */
export const INSTRUCTION_CUE_AT = 2;
