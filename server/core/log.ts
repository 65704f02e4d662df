import { env } from "@/server/env";

/** Minimal structured logger: one JSON line per event on stderr. Never pass secrets. */
type Level = "debug" | "info" | "warn" | "error";
const ORDER: Record<Level | "silent", number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

function threshold(): number {
  try {
    return ORDER[env().LOG_LEVEL];
  } catch {
    return ORDER.info; // a broken configuration must not silence the message that reports it
  }
}

/** Whether a message at `level` would be written (to skip building one that would not). */
export function logEnabled(level: Level): boolean {
  return ORDER[level] >= threshold();
}

export function log(level: Level, msg: string, fields: Record<string, unknown> = {}): void {
  if (ORDER[level] < threshold()) return;
  process.stderr.write(`${JSON.stringify({ level, time: new Date().toISOString(), msg, ...fields })}\n`);
}
