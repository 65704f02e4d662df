import { z } from "zod";
import type { Tx } from "@/db/client";
import { findTrainerEmail, findTrainerPasswordHash, grantConsoleAccess, insertTrainer, setTrainerPasswordHash } from "@/db/queries/console";
import type { TrainerRole } from "@/db/schema";
import { badRequest, conflict, notFound } from "@/server/core/errors";
import { isUniqueViolation } from "@/db/errors";
import { Password, hashPassword, randomPassword, verifyPassword } from "./passwords";
import { revokeOtherSessions, type ConsolePrincipal } from "./sessions";

/**
 * Console accounts are trainers with a password. This workspace model gives each account one
 * workspace (trainers.organization_id); the sign-in email is unique among accounts.
 */
export async function createConsoleAccount(
  db: Tx,
  args: { organizationId: string; name: string; email: string; password: string; role: TrainerRole },
): Promise<string> {
  Password.parse(args.password);
  try {
    return await insertTrainer(db, { ...args, email: args.email.trim().toLowerCase(), passwordHash: await hashPassword(args.password) });
  } catch (err) {
    if (isUniqueViolation(err, "trainers_console_email_uq")) throw conflict("A console account with this email exists.");
    throw err;
  }
}

/** Gives an existing trainer console access with a fresh random password (the seed's workspace owner). */
export async function grantConsoleOwner(db: Tx, trainerId: string): Promise<{ email: string; password: string }> {
  const email = await findTrainerEmail(db, trainerId);
  if (!email) throw notFound("The trainer has no email to sign in with.");
  const password = randomPassword();
  await grantConsoleAccess(db, trainerId, { passwordHash: await hashPassword(password), role: "owner" });
  return { email: email.toLowerCase(), password };
}

export const ChangePasswordInput = z.object({ currentPassword: z.string().min(1).max(200), newPassword: Password }).strict();
export type ChangePasswordInput = z.output<typeof ChangePasswordInput>;

/** Changes the signed-in trainer's password and signs every other session out. */
export async function changePassword(db: Tx, principal: ConsolePrincipal, input: ChangePasswordInput): Promise<{ revokedSessions: number }> {
  const stored = await findTrainerPasswordHash(db, principal.trainerId);
  if (!stored || !(await verifyPassword(input.currentPassword, stored))) throw badRequest("The current password is not correct.", "currentPassword");
  await setTrainerPasswordHash(db, principal.trainerId, await hashPassword(input.newPassword));
  return { revokedSessions: await revokeOtherSessions(db, principal.trainerId, principal.sessionId) };
}
