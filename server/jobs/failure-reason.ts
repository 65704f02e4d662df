/**
 * The reason a job records when a piece of work failed (a drop variant, a social post): the first
 * line of the error's message, at most 500 characters, so a stored reason stays readable in the
 * API and the console while multi-line output (ffmpeg's, a stack) stays in the log.
 */
export function failureReason(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).split("\n")[0]!.slice(0, 500);
}
