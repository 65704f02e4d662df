import { afterEach, describe, expect, it } from "vitest";
import { applyDerivedEnv, resetEnvCache } from "@/server/env";

const saved = { PUBLIC_BASE_URL: process.env.PUBLIC_BASE_URL, NEXTAUTH_URL: process.env.NEXTAUTH_URL };

afterEach(() => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvCache();
});

describe("the console's NextAuth address", () => {
  it("is derived from PUBLIC_BASE_URL at start, whatever NEXTAUTH_URL held before (one address setting)", () => {
    process.env.PUBLIC_BASE_URL = "https://console.forma.example/";
    process.env.NEXTAUTH_URL = "http://localhost:3000/api/auth";
    resetEnvCache();
    applyDerivedEnv();
    expect(process.env.NEXTAUTH_URL).toBe("https://console.forma.example/api/auth");
  });
});
