import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable, isUniqueViolation, retryOnUniqueViolation } from "@/db/errors";

const violation = (constraint: string) => Object.assign(new Error("duplicate key"), { code: "23505", constraint_name: constraint });

describe("unique violations", () => {
  it("are recognized directly and through Drizzle's wrapping cause", () => {
    expect(isUniqueViolation(violation("a_uq"))).toBe(true);
    expect(isUniqueViolation(new Error("Failed query", { cause: violation("a_uq") }), "a_uq")).toBe(true);
    expect(isUniqueViolation(new Error("Failed query", { cause: violation("a_uq") }), "b_uq")).toBe(false);
    expect(isUniqueViolation(Object.assign(new Error("fk"), { code: "23503" }))).toBe(false);
  });

  it("are retried a bounded number of times, other errors never", async () => {
    let calls = 0;
    await expect(retryOnUniqueViolation("a_uq", async () => (++calls < 3 ? Promise.reject(violation("a_uq")) : "ok"))).resolves.toBe("ok");
    expect(calls).toBe(3);
    calls = 0;
    await expect(
      retryOnUniqueViolation(
        "a_uq",
        async () => {
          calls++;
          throw violation("a_uq");
        },
        2,
      ),
    ).rejects.toThrow("duplicate key");
    expect(calls).toBe(2);
    calls = 0;
    await expect(
      retryOnUniqueViolation("a_uq", async () => {
        calls++;
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(calls).toBe(1);
  });
});

describe("isDatabaseUnavailable", () => {
  it("recognizes connection failures and shutdown or timeout states, also wrapped by Drizzle, and nothing else", () => {
    const wrap = (cause: unknown) => Object.assign(new Error("Failed query: select 1"), { cause });
    for (const code of ["ECONNREFUSED", "CONNECTION_CLOSED", "CONNECT_TIMEOUT", "57P01", "57P03", "08006", "57014", "53300"]) {
      expect(isDatabaseUnavailable(wrap(Object.assign(new Error(code), { code }))), code).toBe(true);
    }
    expect(isDatabaseUnavailable(wrap(Object.assign(new Error("connect ENOENT /tmp/x/.s.PGSQL.5432"), { code: "ENOENT", address: "/tmp/x/.s.PGSQL.5432" })))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("no such file"), { code: "ENOENT", path: "/data/media/x.mp4" }))).toBe(false);
    expect(isDatabaseUnavailable(wrap(Object.assign(new Error("duplicate"), { code: "23505" })))).toBe(false);
    expect(isDatabaseUnavailable(new Error("boom"))).toBe(false);
  });
});
