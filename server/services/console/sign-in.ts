import type { Db } from "@/db/client";
import { findConsoleAccountByEmail, markTrainerSignedIn, setTrainerPasswordHash } from "@/db/queries/console";
import { burnVerification, hashPassword, needsRehash, verifyPassword } from "./passwords";
import { createConsoleSession } from "./sessions";
import { SignInThrottled, admitSignInAttempt, clearSignInFailures, recordSignInFailure } from "./sign-in-limits";

/** Why a sign-in was refused; the sign-in page words each one, never saying which part was wrong. */
export type SignInRefusal = "invalid" | "throttled" | "suspended";

export class SignInRefused extends Error {
  constructor(
    readonly reason: SignInRefusal,
    message: string,
  ) {
    super(message);
    this.name = "SignInRefused";
  }
}

export interface SignInAttempt {
  email: string;
  password: string;
  /** The client's address (throttling); null when unknown. */
  ip: string | null;
  userAgent: string | null;
}

/**
 * Checks an email and password and opens a console session. Throttled per address and per
 * email before any password work; an unknown email costs as much time as a wrong password; a
 * suspended trainer learns so only with the right password.
 */
export async function signInTrainer(db: Db, attempt: SignInAttempt): Promise<{ trainerId: string; organizationId: string; sessionId: string; expiresAt: Date }> {
  const email = attempt.email.trim().toLowerCase().slice(0, 320);
  try {
    await admitSignInAttempt(email, attempt.ip);
  } catch (err) {
    if (err instanceof SignInThrottled) throw new SignInRefused("throttled", err.message);
    throw err;
  }
  if (!email || !attempt.password || attempt.password.length > 200) throw new SignInRefused("invalid", "The email or password is not correct.");
  const account = await findConsoleAccountByEmail(db, email);
  let ok = false;
  if (account?.passwordHash) ok = await verifyPassword(attempt.password, account.passwordHash);
  else await burnVerification(attempt.password);
  if (!account || !ok) {
    await recordSignInFailure(email);
    throw new SignInRefused("invalid", "The email or password is not correct.");
  }
  await clearSignInFailures(email);
  if (account.status !== "active") throw new SignInRefused("suspended", "This console account is suspended. Ask a workspace owner.");
  if (needsRehash(account.passwordHash!)) await setTrainerPasswordHash(db, account.id, await hashPassword(attempt.password));
  const session = await createConsoleSession(db, { trainerId: account.id, organizationId: account.organizationId, userAgent: attempt.userAgent, ip: attempt.ip });
  await markTrainerSignedIn(db, account.id);
  return { trainerId: account.id, organizationId: account.organizationId, sessionId: session.id, expiresAt: session.expiresAt };
}
