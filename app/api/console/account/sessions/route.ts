import { getDb } from "@/db/client";
import { consoleRoute } from "@/server/routes/console-route";
import { listSessions } from "@/server/services/console/sessions";
import { PageQuery } from "@/server/console/page-query";

// GET /api/console/account/sessions – the signed-in trainer's live sessions
export const GET = consoleRoute({ query: PageQuery, name: "ListSessions" }, ({ principal, query }) => listSessions(getDb(), principal, query));
