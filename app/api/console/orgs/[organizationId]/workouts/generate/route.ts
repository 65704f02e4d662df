import { getDb } from "@/db/client";
import { OrgParams, withTrainer } from "@/server/console/with-trainer";
import { GeneratorForm, createDraftFromGenerator } from "@/server/services/content/workout-drafts";

// POST /api/console/orgs/{organizationId}/workouts/generate – run the AI generator and keep the result as a draft to edit
export const POST = withTrainer({ params: OrgParams, body: GeneratorForm, name: "GenerateWorkout", status: 201 }, ({ params, principal, body }) =>
  createDraftFromGenerator(getDb(), { organizationId: params.organizationId, trainerId: principal.trainerId, body }),
);
