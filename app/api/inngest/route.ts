import { serve } from "inngest/next";
import { ApiError, errorResponse } from "@/server/core/errors";
import { jobsProviderName } from "@/server/jobs/config";
import { inngest, inngestFunctions } from "@/server/jobs/inngest-functions";

const handlers = serve({ client: inngest, functions: inngestFunctions });

/** Answers 404 in the envelope when the local provider runs the jobs (no Inngest configured). */
function whenInngest(handler: (req: Request, ctx: unknown) => Promise<Response>) {
  return async (req: Request, ctx: unknown): Promise<Response> => {
    if (jobsProviderName() !== "inngest")
      return errorResponse(new ApiError({ code: "NotFound", message: "Jobs are run by the local provider; Inngest is not configured." }));
    return handler(req, ctx);
  };
}

// GET, POST, PUT /api/inngest – Inngest's serve endpoint (introspection, function calls, sync)
export const GET = whenInngest(handlers.GET as never);
export const POST = whenInngest(handlers.POST as never);
export const PUT = whenInngest(handlers.PUT as never);
