import { getDb } from "@/db/client";
import { OrgParams, withTrainer } from "@/server/console/with-trainer";
import { LibraryQuery, listWorkspaceWorkouts } from "@/server/services/content/workspace-library";
import { WorkoutForm, createWorkoutFromForm } from "@/server/services/content/workout-drafts";

// GET /api/console/orgs/{organizationId}/workouts – the workspace's workouts, drafts and private ones included
export const GET = withTrainer({ params: OrgParams, query: LibraryQuery, name: "ListLibraryWorkouts" }, ({ params, query }) =>
  listWorkspaceWorkouts(getDb(), params.organizationId, query),
);

// POST /api/console/orgs/{organizationId}/workouts – create a workout from the playlist builder
export const POST = withTrainer({ params: OrgParams, body: WorkoutForm, name: "CreateWorkout", status: 201 }, ({ params, principal, body }) =>
  createWorkoutFromForm(getDb(), { organizationId: params.organizationId, trainerId: principal.trainerId, form: body }),
);
