import { getDb } from "@/db/client";
import { OrgParams, consoleRoute } from "@/server/routes/console-route";
import { GeneratorForm, createDraftFromGenerator } from "@/server/services/content/workout-drafts";

// POST /api/console/orgs/{organizationId}/workouts/generate – run the AI generator and keep the result as a draft to edit
export const POST = consoleRoute({ params: OrgParams, body: GeneratorForm, name: "GenerateWorkout", status: 201 }, ({ params, principal, body }) =>
  createDraftFromGenerator(getDb(), { organizationId: params.organizationId, trainerId: principal.trainerId, body }),
);
