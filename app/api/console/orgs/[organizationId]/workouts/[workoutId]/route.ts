import { getDb } from "@/db/client";
import { HexId } from "@/server/api/schemas";
import { OrgParams, withTrainer } from "@/server/console/with-trainer";
import { UpdateWorkoutInput, getWorkoutDraft, saveWorkout } from "@/server/services/content/workout-drafts";

const WorkoutParams = OrgParams.extend({ workoutId: HexId });

// GET /api/console/orgs/{organizationId}/workouts/{workoutId} – a workout as the builder edits it
export const GET = withTrainer({ params: WorkoutParams, name: "GetWorkoutDraft" }, ({ params }) => getWorkoutDraft(getDb(), params.organizationId, params.workoutId));

// PUT /api/console/orgs/{organizationId}/workouts/{workoutId} – save the builder's edit (fields, categories, playlist)
export const PUT = withTrainer({ params: WorkoutParams, body: UpdateWorkoutInput, name: "UpdateWorkout" }, ({ params, body }) =>
  saveWorkout(getDb(), { organizationId: params.organizationId, workoutId: params.workoutId, form: body }),
);
