import { getDb } from "@/db/client";
import { withTrainer } from "@/server/console/with-trainer";
import { ChangePasswordInput, changePassword } from "@/server/services/console/accounts";

// POST /api/console/account/password – change the trainer's password (other sessions are signed out)
export const POST = withTrainer({ body: ChangePasswordInput, name: "ChangePassword" }, ({ principal, body }) => changePassword(getDb(), principal, body));
