import { EmbedWorkout } from "@/components/player/embed-workout";

/**
 * The workout player's one static shell, prerendered at build time: every
 * /embed/workout/{workoutId} URL is rewritten here (next.config.ts), so no HTML is ever rendered
 * for (or cached with) a particular request's query, and the embed URL's apiKey never appears in
 * a page. The client reads the workout id and the query from its address, strips the key from it
 * and sends the key only as X-Api-Key.
 */
export const dynamic = "force-static";

// GET /embed/workout/{workoutId}?organizationId=&apiKey= – the pre-built workout player (iframe only)
export default function EmbedWorkoutPage() {
  return <EmbedWorkout />;
}
