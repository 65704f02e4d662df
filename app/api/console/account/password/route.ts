import { getDb } from "@/db/client";
import { consoleRoute } from "@/server/routes/console-route";
import { ChangePasswordInput, changePassword } from "@/server/services/console/accounts";

// POST /api/console/account/password – change the trainer's password (other sessions are signed out)
export const POST = consoleRoute({ body: ChangePasswordInput, name: "ChangePassword" }, ({ principal, body }) => changePassword(getDb(), principal, body));
