import { getDb } from "@/db/client";
import { HexId } from "@/server/contracts/schemas";
import { OrgParams, consoleRoute } from "@/server/routes/console-route";
import { UpdateWorkoutInput, getWorkoutDraft, saveWorkout } from "@/server/services/content/workout-drafts";

const WorkoutParams = OrgParams.extend({ workoutId: HexId });

// GET /api/console/orgs/{organizationId}/workouts/{workoutId} – a workout as the builder edits it
export const GET = consoleRoute({ params: WorkoutParams, name: "GetWorkoutDraft" }, ({ params }) => getWorkoutDraft(getDb(), params.organizationId, params.workoutId));

// PUT /api/console/orgs/{organizationId}/workouts/{workoutId} – save the builder's edit (fields, categories, playlist)
export const PUT = consoleRoute({ params: WorkoutParams, body: UpdateWorkoutInput, name: "UpdateWorkout" }, ({ params, body }) =>
  saveWorkout(getDb(), { organizationId: params.organizationId, workoutId: params.workoutId, form: body }),
);
