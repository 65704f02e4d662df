import { getDb } from "@/db/client";
import { HexId } from "@/server/api/schemas";
import { OrgParams, withTrainer } from "@/server/console/with-trainer";
import { publishWorkoutById } from "@/server/services/content/workout-drafts";

const WorkoutParams = OrgParams.extend({ workoutId: HexId });

// POST /api/console/orgs/{organizationId}/workouts/{workoutId}/publish – publish a draft (exports render after commit)
export const POST = withTrainer({ params: WorkoutParams, name: "PublishWorkout" }, ({ params }) => publishWorkoutById(getDb(), params.organizationId, params.workoutId));
