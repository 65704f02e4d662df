/** PostgreSQL's unique_violation (23505), also when Drizzle wraps the driver error. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const pg = e as { code?: string; constraint_name?: string; constraint?: string };
    if (pg.code === "23505") return !constraint || pg.constraint_name === constraint || pg.constraint === constraint;
  }
  return false;
}

/**
 * Runs a transaction again when a concurrent writer won a unique constraint first (the retry
 * then sees the winner's committed row and acts on it).
 */
export async function retryOnUniqueViolation<T>(constraint: string, fn: () => Promise<T>, attempts = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (err) {
      if (i >= attempts || !isUniqueViolation(err, constraint)) throw err;
    }
  }
}

/** Driver and socket error codes that mean the database cannot be reached right now. */
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "CONNECT_TIMEOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "57P01", // admin_shutdown: the server is stopping
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now: starting up or in recovery
  "57014", // query_canceled: the statement timeout fired
  "53300", // too_many_connections
  "25006", // read_only_sql_transaction: a standby answered during a failover
]);

/**
 * True when `err` (or a cause Drizzle wrapped it in) says the database is unreachable, stopping,
 * overloaded or timed out, rather than that the request was wrong: the kernel answers those with
 * 503 ServiceUnavailable and Retry-After instead of a 500.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, address, message } = e as { code?: unknown; address?: unknown; message?: unknown };
    if (typeof code !== "string") continue;
    if (UNAVAILABLE_CODES.has(code) || code.startsWith("08")) return true;
    // The Unix socket of a stopped server is gone (other ENOENTs are not about the database).
    if (code === "ENOENT" && String(address ?? message).includes(".s.PGSQL.")) return true;
  }
  return false;
}
