import { getDb } from "@/db/client";
import { z } from "zod";
import { consoleRoute } from "@/server/routes/console-route";
import { revokeOwnSession } from "@/server/services/console/sessions";

// DELETE /api/console/account/sessions/{sessionId} – revoke one of the trainer's sessions (signs that browser out)
export const DELETE = consoleRoute({ params: z.object({ sessionId: z.string().min(8).max(64) }), name: "RevokeSession" }, ({ principal, params }) =>
  revokeOwnSession(getDb(), principal, params.sessionId),
);
