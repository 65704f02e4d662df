import { describe, expect, it } from "vitest";
import { assignmentNotificationRows, renderAssignment } from "./assignment-notifications";
import { retryDelaySeconds } from "./deliver-notifications";

const member = { id: "m1", email: "a@example.com", preferredLocale: "de-DE" };
const items: { id: string; name: Record<string, string> }[] = [
  { id: "w1", name: { "en-US": "Core", "de-DE": "Rumpf" } },
  { id: "w2", name: { "en-US": "Legs" } },
];

describe("assignment notifications", () => {
  it("writes one email and one push row listing the new items in the member's language", () => {
    const rows = assignmentNotificationRows({ kind: "workouts", organizationId: "o", organizationName: "Studio", member, items, email: true, push: true });
    expect(rows.map((r) => r.channel)).toEqual(["email", "push"]);
    expect(rows[0]!.template).toBe("library.workouts.assigned");
    expect(rows[0]!.payload).toMatchObject({
      locale: "de-DE",
      items: [
        { id: "w1", name: "Rumpf" },
        { id: "w2", name: "Legs" },
      ],
    });
  });

  it("honours the flags, skips email without an address and writes nothing without items", () => {
    expect(
      assignmentNotificationRows({ kind: "plans", organizationId: "o", organizationName: "S", member, items, email: false, push: true }).map((r) => r.channel),
    ).toEqual(["push"]);
    expect(
      assignmentNotificationRows({
        kind: "plans",
        organizationId: "o",
        organizationName: "S",
        member: { ...member, email: null },
        items,
        email: true,
        push: false,
      }),
    ).toEqual([]);
    expect(assignmentNotificationRows({ kind: "plans", organizationId: "o", organizationName: "S", member, items: [], email: true, push: true })).toEqual([]);
  });

  it("renders subject and bodies", () => {
    const payload = {
      kind: "plans" as const,
      organizationName: "Studio",
      locale: "en-US" as const,
      items: [1, 2, 3, 4].map((i) => ({ id: `p${i}`, name: `Plan ${i}` })),
    };
    const email = renderAssignment(payload, "email", "Alex");
    expect(email.subject).toBe("Studio: 4 new plans in your library");
    expect(email.text).toContain("Hi Alex,");
    expect(email.text).toContain("  - Plan 4");
    expect(renderAssignment(payload, "push", null).text).toBe("Plan 1, Plan 2, Plan 3 and 1 more");
    expect(renderAssignment({ ...payload, kind: "workouts", items: payload.items.slice(0, 1) }, "email", null).subject).toBe(
      "Studio: 1 new workout in your library",
    );
  });

  it("backs off exponentially", () => {
    expect([1, 2, 3, 4, 5].map(retryDelaySeconds)).toEqual([30, 60, 120, 240, 480]);
  });
});
