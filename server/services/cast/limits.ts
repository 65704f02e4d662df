/** Cast timing rules (SPEC "Limits": cast session 80 minutes, heartbeat every 30 seconds). */
export const CAST_SESSION_TTL_MS = 80 * 60_000;
/** How often a controller sends `heartbeat`. */
export const HEARTBEAT_INTERVAL_MS = 30_000;
/** A controller silent this long (three missed heartbeats) counts as disconnected; playback continues. */
export const DEVICE_SILENT_AFTER_MS = 90_000;
/** Ended sessions answer 410 this long, then they are purged and answer 404. */
export const ENDED_RETENTION_MS = 24 * 60 * 60_000;
/** The Socket.IO namespace of the cast channel. */
export const CAST_NAMESPACE = "/cast/pairing" as const;
/** Socket.IO's HTTP path on this server. */
export const SOCKET_IO_PATH = "/socket.io" as const;
