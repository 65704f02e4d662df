import { getDb } from "@/db/client";
import { resolveReadLocale } from "@/server/api/locale";
import { getWorkoutById as op } from "@/server/api/operations/workouts";
import { methods, route } from "@/server/api/route";
import { getWorkout } from "@/server/services/content/get-workout";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/workouts/{workoutId} – one workout, localized
  GET: route(op, async ({ params, query, caller }) => ({ data: await getWorkout(getDb(), caller, params.workoutId, resolveReadLocale(query.locale)) })),
});
