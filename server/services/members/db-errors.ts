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
