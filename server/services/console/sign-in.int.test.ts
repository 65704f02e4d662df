import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { consoleSessions, trainers } from "@/db/schema";
import { createTestOrg } from "@/test/harness";
import { encodeSessionToken, setTrainerStatus } from "@/test/support/console";
import { createConsoleAccount } from "./accounts";
import { principalFromCookies, sessionCookieName } from "./session-cookie";
import { revokeOtherSessions, revokeSession } from "./sessions";
import { SIGN_IN_LIMITS } from "./sign-in-limits";
import { passwordLogN } from "./passwords";
import { SignInRefused, signInTrainer } from "./sign-in";

async function account(role: "owner" | "trainer" = "owner") {
  const org = await createTestOrg();
  const email = `Sign-In-${randomBytes(4).toString("hex")}@Example.com`;
  const password = "a long enough password";
  const trainerId = await createConsoleAccount(getDb(), { organizationId: org.organizationId, name: "Pat", email, password, role });
  return { org, email, password, trainerId };
}

const attempt = (email: string, password: string, ip = `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`) =>
  signInTrainer(getDb(), { email, password, ip, userAgent: "vitest" });

async function refusal(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    if (err instanceof SignInRefused) return err.reason;
    throw err;
  }
  return "signed in";
}

const cookieFor = async (trainerId: string, sid: string) => {
  const token = await encodeSessionToken({ sub: trainerId, sid });
  return (name: string) => (name === sessionCookieName() ? token : undefined);
};

describe("console sign-in", () => {
  it("signs in with the right password (email in any case) and opens a session the cookie check accepts", async () => {
    const a = await account();
    const result = await attempt(a.email.toUpperCase(), a.password);
    expect(result.trainerId).toBe(a.trainerId);
    const principal = await principalFromCookies(await cookieFor(a.trainerId, result.sessionId));
    expect(principal).toMatchObject({ trainerId: a.trainerId, organizationId: a.org.organizationId, role: "owner", email: a.email.toLowerCase() });
    const [row] = await getDb().select().from(consoleSessions).where(eq(consoleSessions.id, result.sessionId));
    expect(row).toMatchObject({ userAgent: "vitest", revokedAt: null });
    // A token naming the session but another trainer is refused.
    expect(await principalFromCookies(await cookieFor("f".repeat(24), result.sessionId))).toBeNull();
  });

  it("upgrades a password hash made with an earlier, lower cost on the next sign-in", async () => {
    // The suite hashes at a lower cost than production (TEST_PASSWORD_LOG_N, test/setup-int.ts);
    // passwords.test.ts proves the production cost and that its N=2^15 hashes ask to be rehashed.
    const current = passwordLogN();
    const earlier = current - 2;
    const a = await account();
    const { scryptSync } = await import("node:crypto");
    const salt = randomBytes(32);
    const key = scryptSync(a.password, salt, 32, { N: 2 ** earlier, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
    await getDb()
      .update(trainers)
      .set({ passwordHash: `$scrypt$ln=${earlier},r=8,p=1$${salt.toString("base64url")}$${key.toString("base64url")}` })
      .where(eq(trainers.id, a.trainerId));
    expect((await attempt(a.email, a.password)).trainerId).toBe(a.trainerId);
    const [row] = await getDb().select({ hash: trainers.passwordHash }).from(trainers).where(eq(trainers.id, a.trainerId));
    expect(row!.hash).toMatch(new RegExp(`^\\$scrypt\\$ln=${current},r=8,p=1\\$`));
    // The upgraded hash still opens the account.
    expect((await attempt(a.email, a.password)).trainerId).toBe(a.trainerId);
  });

  it("refuses a wrong password and an unknown email alike", async () => {
    const a = await account();
    expect(await refusal(attempt(a.email, "not the password"))).toBe("invalid");
    expect(await refusal(attempt(`nobody-${a.email}`, a.password))).toBe("invalid");
    expect(await refusal(attempt("", ""))).toBe("invalid");
  });

  it("throttles an email after repeated failures, even with the right password, and from many addresses", async () => {
    const a = await account();
    for (let i = 0; i < SIGN_IN_LIMITS.email.points; i++) expect(await refusal(attempt(a.email, `wrong ${i}`))).toBe("invalid");
    expect(await refusal(attempt(a.email, a.password))).toBe("throttled");
    const other = await account();
    expect(await refusal(attempt(other.email, other.password))).toBe("signed in");
  });

  it("throttles one address across emails", async () => {
    const ip = `192.0.2.${Math.floor(Math.random() * 250)}`;
    for (let i = 0; i < SIGN_IN_LIMITS.ip.points; i++) await refusal(attempt(`x${i}@example.com`, "", ip)); // empty: counted, no password work
    const a = await account();
    expect(await refusal(attempt(a.email, a.password, ip))).toBe("throttled");
    expect(await refusal(attempt(a.email, a.password))).toBe("signed in");
  });

  it("a correct password clears earlier failures", async () => {
    const a = await account();
    for (let i = 0; i < SIGN_IN_LIMITS.email.points - 1; i++) await refusal(attempt(a.email, "wrong"));
    await attempt(a.email, a.password);
    expect(await refusal(attempt(a.email, "wrong"))).toBe("invalid");
    expect(await refusal(attempt(a.email, a.password))).toBe("signed in");
  });

  it("refuses a suspended trainer, and revoked sessions stop resolving at once", async () => {
    const a = await account("trainer");
    const s1 = await attempt(a.email, a.password);
    const s2 = await attempt(a.email, a.password);
    const s3 = await attempt(a.email, a.password);
    expect(await principalFromCookies(await cookieFor(a.trainerId, s1.sessionId))).not.toBeNull();
    await revokeSession(getDb(), s1.sessionId);
    expect(await principalFromCookies(await cookieFor(a.trainerId, s1.sessionId))).toBeNull();
    expect(await revokeOtherSessions(getDb(), a.trainerId, s3.sessionId)).toBe(1);
    expect(await principalFromCookies(await cookieFor(a.trainerId, s2.sessionId))).toBeNull();
    expect(await principalFromCookies(await cookieFor(a.trainerId, s3.sessionId))).not.toBeNull();
    await setTrainerStatus(a.trainerId, "suspended");
    expect(await refusal(attempt(a.email, a.password))).toBe("suspended");
  });
});
