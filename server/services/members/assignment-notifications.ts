import type { OutboxInsert } from "@/db/queries/notifications";
import type { Translations } from "@/db/schema/columns";
import { type Locale, pickText, resolveReadLocale } from "@/server/core/locale";

export const ASSIGNMENT_TEMPLATES = { workouts: "library.workouts.assigned", plans: "library.plans.assigned" } as const;
export type AssignmentKind = keyof typeof ASSIGNMENT_TEMPLATES;

export interface AssignmentPayload {
  kind: AssignmentKind;
  organizationName: string;
  locale: Locale;
  items: { id: string; name: string }[];
}

/**
 * The outbox rows that announce newly added library rows: one email (when asked for and the
 * member has an address) and one push (when asked for), each listing every new item.
 */
export function assignmentNotificationRows(args: {
  kind: AssignmentKind;
  organizationId: string;
  organizationName: string;
  member: { id: string; email: string | null; preferredLocale: string };
  items: { id: string; name: Translations }[];
  email: boolean;
  push: boolean;
}): OutboxInsert[] {
  if (args.items.length === 0) return [];
  const locale = resolveReadLocale(args.member.preferredLocale);
  const payload: AssignmentPayload = {
    kind: args.kind,
    organizationName: args.organizationName,
    locale,
    items: args.items.map((i) => ({ id: i.id, name: pickText(i.name, locale) })),
  };
  const base = {
    organizationId: args.organizationId,
    endUserId: args.member.id,
    template: ASSIGNMENT_TEMPLATES[args.kind],
    payload: payload as unknown as Record<string, unknown>,
  };
  const rows: OutboxInsert[] = [];
  if (args.email && args.member.email) rows.push({ ...base, channel: "email" });
  if (args.push) rows.push({ ...base, channel: "push" });
  return rows;
}

/** Subject and text of an assignment notification (English copy; item names are in the member's locale). */
export function renderAssignment(payload: AssignmentPayload, channel: "email" | "push", memberName: string | null): { subject: string; text: string } {
  const n = payload.items.length;
  const noun = payload.kind === "workouts" ? (n === 1 ? "workout" : "workouts") : n === 1 ? "plan" : "plans";
  const subject = `${payload.organizationName}: ${n} new ${noun} in your library`;
  if (channel === "push") {
    const names = payload.items.map((i) => i.name);
    const shown = names.slice(0, 3).join(", ");
    return { subject, text: names.length > 3 ? `${shown} and ${names.length - 3} more` : shown };
  }
  const lines = [
    `Hi${memberName ? ` ${memberName}` : ""},`,
    "",
    `${payload.organizationName} added ${n === 1 ? `a ${noun}` : `${n} ${noun}`} to your library:`,
    "",
    ...payload.items.map((i) => `  - ${i.name}`),
    "",
    "Open the app to get started.",
  ];
  return { subject, text: lines.join("\n") };
}
