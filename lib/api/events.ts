/**
 * The player-to-host and host-to-player messages of the Forma embed players, for host pages built
 * with the typed client: zod schemas to validate what a player posts, and their TypeScript types.
 * Every player-to-host message carries `version: 1` (EVENTS_VERSION).
 *
 *   import { PlayerMessage } from "@/lib/api/events";
 *   window.addEventListener("message", (e) => {
 *     if (e.source !== iframe.contentWindow) return;
 *     const m = PlayerMessage.safeParse(e.data);
 *     if (m.success && m.data.type === "FORMA_SEGMENT_STARTED") show(m.data.index, m.data.kind);
 *   });
 */
export {
  Completed,
  EVENTS_VERSION,
  HostMessage,
  Paused,
  PlayerMessage,
  Progress,
  SegmentCompleted,
  SegmentStarted,
  SegmentSummary,
} from "@/components/player/messages";
export type {
  CompletedMessage,
  OutgoingPlayerMessage,
  PausedMessage,
  PlayerErrorMessage,
  ProgressMessage,
  SegmentCompletedMessage,
  SegmentStartedMessage,
} from "@/components/player/messages";
export type { PlayerMessage as PlayerMessageType, HostMessage as HostMessageType } from "@/components/player/messages";
