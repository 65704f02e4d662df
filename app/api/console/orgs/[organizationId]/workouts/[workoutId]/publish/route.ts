import { getDb } from "@/db/client";
import { HexId } from "@/server/contracts/schemas";
import { OrgParams, consoleRoute } from "@/server/routes/console-route";
import { publishWorkoutById } from "@/server/services/content/workout-drafts";

const WorkoutParams = OrgParams.extend({ workoutId: HexId });

// POST /api/console/orgs/{organizationId}/workouts/{workoutId}/publish – publish a draft (exports render after commit)
export const POST = consoleRoute({ params: WorkoutParams, name: "PublishWorkout" }, ({ params }) => publishWorkoutById(getDb(), params.organizationId, params.workoutId));
