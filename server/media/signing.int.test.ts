import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { instanceSettings } from "@/db/schema";
import { installationSecret } from "@/server/secrets";
import { signMediaUrl, verifyMediaSignature } from "./signing";

const BASE = "https://api.example.test";

describe("the media signing key of an installation", () => {
  it("is kept in the database: a process with another DATA_DIR (no shared disk) signs alike", async () => {
    const [row] = await getDb().select().from(instanceSettings).where(eq(instanceSettings.key, "secret:media-signing"));
    expect(Buffer.from(row!.value, "base64url").length).toBeGreaterThanOrEqual(32);
    // Another instance: same database, its own empty DATA_DIR, no MEDIA_SIGNING_SECRET.
    const otherDataDir = mkdtempSync(path.join(tmpdir(), "forma-other-instance-"));
    try {
      const script = `
        const { getDb } = await import("@/db/client");
        const { loadMediaSigningSecret, signMediaUrl } = await import("@/server/media/signing");
        await loadMediaSigningSecret(getDb());
        process.stdout.write(signMediaUrl("seed/clips/squat.mp4", { baseUrl: "${BASE}", now: 1767225600000 }));
        process.exit(0);`;
      const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: otherDataDir, LOG_LEVEL: "silent" };
      delete env.MEDIA_SIGNING_SECRET;
      delete env.VITEST;
      const r = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { env, encoding: "utf8", cwd: process.cwd(), timeout: 60_000 });
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toBe(signMediaUrl("seed/clips/squat.mp4", { baseUrl: BASE, now: 1767225600000 }));
      const u = new URL(r.stdout);
      expect(verifyMediaSignature("seed/clips/squat.mp4", u.searchParams.get("exp"), u.searchParams.get("sig"), 1767225600000)).toBe("valid");
    } finally {
      rmSync(otherDataDir, { recursive: true, force: true });
    }
  });

  it("keeps a key an earlier version kept elsewhere (DATA_DIR/secrets/media.key) when the database has none yet", async () => {
    const name = `media-signing-migration-${Date.now()}`;
    const dir = mkdtempSync(path.join(tmpdir(), "forma-legacy-key-"));
    await mkdir(path.join(dir, "secrets"));
    const legacyKey = Buffer.alloc(32, 9);
    writeFileSync(path.join(dir, "secrets", "media.key"), legacyKey);
    try {
      const kept = await installationSecret(getDb(), name, undefined, () => legacyKey.toString("base64url"));
      expect(Buffer.from(kept, "base64url").equals(legacyKey)).toBe(true);
      // Once stored, the stored value wins over any later initial value.
      const [row] = await getDb().select().from(instanceSettings).where(eq(instanceSettings.key, `secret:${name}`));
      expect(row!.value).toBe(legacyKey.toString("base64url"));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
