import { getDb } from "@/db/client";
import { withTrainer } from "@/server/console/with-trainer";
import { listSessions } from "@/server/services/console/sessions";
import { PageQuery } from "@/server/console/page-query";

// GET /api/console/account/sessions – the signed-in trainer's live sessions
export const GET = withTrainer({ query: PageQuery, name: "ListSessions" }, ({ principal, query }) => listSessions(getDb(), principal, query));
