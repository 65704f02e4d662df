import { z } from "zod";
import { defineOperation } from "../operation";
import { HexId, ReadLocaleParam } from "@/server/contracts/schemas";
import { Attribution, SubmitWorkoutFeedbackBody } from "@/server/contracts/sessions";

export const FeedbackOption = z
  .object({
    id: z.string().meta({ description: "24-hex option id: send it as ratingId or difficultyId." }),
    label: z.string().meta({ description: "Localized by `locale`." }),
    value: z.number().int(),
  })
  .meta({ id: "FeedbackOption" });

export const FeedbackOptions = z.object({ rating: z.array(FeedbackOption), difficulty: z.array(FeedbackOption) }).meta({ id: "FeedbackOptions" });

export const WorkoutFeedback = z
  .object({
    id: z.string(),
    workoutSessionId: z.string(),
    workoutId: z.string(),
    traineeId: z.string().nullable().meta({ description: "The session's member; null for anonymous sessions." }),
    rating: FeedbackOption.nullable(),
    difficulty: FeedbackOption.nullable(),
    comment: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "WorkoutFeedback" });


export const getFeedbackOptions = defineOperation({
  operationId: "WorkoutFeedbackApi_getFeedbackOptions",
  method: "get",
  path: "/v1/workouts/feedback/options",
  tag: "Workout sessions",
  summary: "Rating and difficulty options for workout feedback",
  description:
    "The options of the caller's organization (`organizationId` for keys spanning several organizations). Member attribution fields are accepted and not needed.",
  auth: ["X-Api-Key", "AccessToken", "EmbedToken"],
  weight: 1,
  query: z.object({ locale: ReadLocaleParam, ...Attribution }).strict(),
  success: { status: 200, description: "The options.", schema: z.object({ data: FeedbackOptions }) },
  errors: [403],
});

export const submitWorkoutFeedback = defineOperation({
  operationId: "WorkoutFeedbackApi_submitWorkoutFeedback",
  method: "post",
  path: "/v1/workouts/{workoutId}/feedback",
  tag: "Workout sessions",
  summary: "Rate a workout session",
  description:
    "One feedback per session: the first call creates it, a repeat updates it (omitted fields keep their value, null clears). Option ids must be this organization's options of the right kind; labels or unknown ids give 400. The rating feeds the workout's `rating`. The session must be the caller's (404 otherwise); attribution works as on the session routes.",
  auth: ["X-Api-Key", "AccessToken", "EmbedToken"],
  weight: 1,
  idempotency: "transaction",
  params: z.object({ workoutId: HexId }),
  body: SubmitWorkoutFeedbackBody,
  bodyRequired: true,
  success: { status: 200, description: "The session's feedback as stored.", schema: z.object({ data: WorkoutFeedback }) },
  errors: [404],
});
