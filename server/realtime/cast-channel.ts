import type { Namespace } from "socket.io";
import { log } from "@/server/core/log";
import { metrics, scrapeSources } from "@/server/observability/metrics";

/**
 * The cast channel's outbound side: room names and what services publish after a commit. The
 * namespace is kept on globalThis because route handlers may run in another copy of this module
 * (Next's bundle next to the custom server's direct path); every copy reaches the one Socket.IO
 * server of the process, whose adapter carries broadcasts to the other instances.
 */
export const CAST_SERVER_EVENTS = [
  "pairing-success",
  "device-paired",
  "device-disconnected",
  "workout-cast",
  "workout-session-started",
  "workout-state-changed",
  "workout-progress-changed",
  "session-ended",
] as const;
export type CastServerEvent = (typeof CAST_SERVER_EVENTS)[number];

/** What a service asks the channel to do after its transaction committed, in order. */
export type CastSignal =
  | { emit: CastServerEvent; payload: Record<string, unknown> }
  /** Close the sockets of one controller device (replaced or unpaired). */
  | { disconnectDevice: string }
  /** Close every socket of the session (it ended). */
  | { close: true };

export const sessionRoom = (sessionId: string) => `cast:${sessionId}`;
export const deviceRoom = (sessionId: string, deviceId: string) => `cast:${sessionId}:device:${deviceId}`;

/** The server-side event that carries one command's signals to the other instances. */
const RELAY_EVENT = "cast:signals";

interface Registered {
  nsp: Namespace;
  /** An adapter links this instance to others (PostgreSQL or Redis). */
  relay: boolean;
}
const holder = globalThis as unknown as { __formaCastChannel?: Registered | null };

/** Registers the namespace this process publishes through (null to forget it). */
export function setCastNamespace(nsp: Namespace | null, opts: { relay?: boolean } = {}): void {
  holder.__formaCastChannel = nsp ? { nsp, relay: Boolean(opts.relay) } : null;
  scrapeSources().castSockets = () => holder.__formaCastChannel?.nsp.sockets.size ?? null;
}

/** Makes a namespace apply the signals other instances relay to it. */
export function applyRelayedSignals(nsp: Namespace): void {
  nsp.on(RELAY_EVENT, (sessionId: string, signals: CastSignal[]) => applyLocally(nsp, sessionId, signals));
}

export function castNamespace(): Namespace | null {
  return holder.__formaCastChannel?.nsp ?? null;
}

/** Runs signals on this instance's sockets only, in order. */
function applyLocally(nsp: Namespace, sessionId: string, signals: CastSignal[]): void {
  for (const s of signals) {
    if ("emit" in s) {
      nsp.local.to(sessionRoom(sessionId)).emit(s.emit, s.payload);
      metrics().castEvents.inc({ event: s.emit });
    } else if ("disconnectDevice" in s) nsp.local.in(deviceRoom(sessionId, s.disconnectDevice)).disconnectSockets(true);
    else nsp.local.in(sessionRoom(sessionId)).disconnectSockets(true);
  }
}

/**
 * Whether other instances share the adapter. The PostgreSQL adapter (socket.io-adapter's
 * ClusterAdapterWithHeartbeat) learns every instance from its first message (an instance announces
 * itself when its adapter starts and then at least every 5 s), so with none known a relay would
 * reach nobody; an adapter that does not keep that map (Redis) always relays.
 */
function hasPeers(nsp: Namespace): boolean {
  const nodes = (nsp.adapter as unknown as { nodesMap?: Map<string, number> }).nodesMap;
  return nodes === undefined || nodes.size > 0;
}

/**
 * Sends a command's signals to the session's sockets on every instance: at once to this
 * instance's sockets, and as one server-side message to the others, which apply them in the same
 * order (so a terminal event always precedes the close, and one message per command keeps the
 * adapter's traffic low; Socket.IO's own broadcast would hold even local delivery until the
 * adapter's publication completed); a single instance sends no message at all. Never throws: the
 * state is committed and GET .../workout/status answers it, so a lost broadcast costs a client one
 * poll.
 */
export function publishCast(sessionId: string, signals: CastSignal[]): void {
  const registered = holder.__formaCastChannel;
  if (!registered || signals.length === 0) return;
  try {
    applyLocally(registered.nsp, sessionId, signals);
    if (registered.relay && hasPeers(registered.nsp)) registered.nsp.serverSideEmit(RELAY_EVENT, sessionId, signals);
  } catch (err) {
    log("warn", "cast broadcast failed", { sessionId, err: err instanceof Error ? err.message : String(err) });
  }
}
