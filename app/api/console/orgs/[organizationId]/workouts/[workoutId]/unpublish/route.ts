import { getDb } from "@/db/client";
import { HexId } from "@/server/api/schemas";
import { OrgParams, withTrainer } from "@/server/console/with-trainer";
import { unpublishWorkoutById } from "@/server/services/content/workout-drafts";

const WorkoutParams = OrgParams.extend({ workoutId: HexId });

// POST /api/console/orgs/{organizationId}/workouts/{workoutId}/unpublish – take a workout back to draft
export const POST = withTrainer({ params: WorkoutParams, name: "UnpublishWorkout" }, ({ params }) => unpublishWorkoutById(getDb(), params.organizationId, params.workoutId));
