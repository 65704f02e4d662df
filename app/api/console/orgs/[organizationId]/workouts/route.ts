import { getDb } from "@/db/client";
import { OrgParams, consoleRoute } from "@/server/routes/console-route";
import { LibraryQuery, listWorkspaceWorkouts } from "@/server/services/content/workspace-library";
import { WorkoutForm, createWorkoutFromForm } from "@/server/services/content/workout-drafts";

// GET /api/console/orgs/{organizationId}/workouts – the workspace's workouts, drafts and private ones included
export const GET = consoleRoute({ params: OrgParams, query: LibraryQuery, name: "ListLibraryWorkouts" }, ({ params, query }) =>
  listWorkspaceWorkouts(getDb(), params.organizationId, query),
);

// POST /api/console/orgs/{organizationId}/workouts – create a workout from the playlist builder
export const POST = consoleRoute({ params: OrgParams, body: WorkoutForm, name: "CreateWorkout", status: 201 }, ({ params, principal, body }) =>
  createWorkoutFromForm(getDb(), { organizationId: params.organizationId, trainerId: principal.trainerId, form: body }),
);
