import { getDb } from "@/db/client";
import { HexId } from "@/server/contracts/schemas";
import { OrgParams, consoleRoute } from "@/server/routes/console-route";
import { unpublishWorkoutById } from "@/server/services/content/workout-drafts";

const WorkoutParams = OrgParams.extend({ workoutId: HexId });

// POST /api/console/orgs/{organizationId}/workouts/{workoutId}/unpublish – take a workout back to draft
export const POST = consoleRoute({ params: WorkoutParams, name: "UnpublishWorkout" }, ({ params }) => unpublishWorkoutById(getDb(), params.organizationId, params.workoutId));
