import { describe, expect, it } from "vitest";
import { Password, hashPassword, needsRehash, randomPassword, verifyPassword } from "./passwords";

// Each hash or verification takes about half a second of CPU and 128 MiB (that is the point).
describe("console passwords (scrypt)", { timeout: 30_000 }, () => {
  it("hashes to a self-describing string with a fresh salt and verifies only the right password", async () => {
    const a = await hashPassword("correct horse battery");
    const b = await hashPassword("correct horse battery");
    // OWASP's minimum for scrypt: N=2^17, r=8, p=1.
    expect(a).toMatch(/^\$scrypt\$ln=17,r=8,p=1\$[A-Za-z0-9_-]{43}\$[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword("correct horse battery", a)).toBe(true);
    expect(await verifyPassword("correct horse batterY", a)).toBe(false);
    expect(await verifyPassword("", a)).toBe(false);
    expect(needsRehash(a)).toBe(false);
  });

  it("verifies a hash made with the earlier N=2^15 and asks to rehash it", async () => {
    // Made by the earlier parameters (scrypt N=2^15, r=8, p=1, 32-byte salt and key) of "an older password".
    const { scryptSync } = await import("node:crypto");
    const salt = Buffer.alloc(32, 7);
    const key = scryptSync("an older password", salt, 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
    const old = `$scrypt$ln=15,r=8,p=1$${salt.toString("base64url")}$${key.toString("base64url")}`;
    expect(await verifyPassword("an older password", old)).toBe(true);
    expect(needsRehash(old)).toBe(true);
  });

  it("never matches a malformed hash and asks to rehash weaker parameters", async () => {
    expect(await verifyPassword("x", "plain-text")).toBe(false);
    expect(await verifyPassword("x", "$scrypt$ln=15,r=8,p=1$AAAA$")).toBe(false);
    expect(needsRehash("$scrypt$ln=14,r=8,p=1$c2FsdA$aGFzaGhhc2hoYXNoaGFzaA")).toBe(true);
    expect(needsRehash("nonsense")).toBe(true);
  });

  it("normalizes Unicode so the same password typed differently still matches", async () => {
    const composed = "caf\u00e9-password-1";
    const decomposed = "cafe\u0301-password-1";
    expect(await verifyPassword(decomposed, await hashPassword(composed))).toBe(true);
  });

  it("requires at least 12 characters; seeded passwords are long and random", () => {
    expect(Password.safeParse("short").success).toBe(false);
    expect(Password.safeParse("twelve chars").success).toBe(true);
    const p = randomPassword();
    expect(p).toHaveLength(24);
    expect(p).not.toBe(randomPassword());
  });
});
