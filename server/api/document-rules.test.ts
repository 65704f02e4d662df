import Ajv2020 from "ajv/dist/2020";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { buildOpenApiDocument } from "./openapi";
import { createContentAutopilotTask } from "./operations/autopilot";
import { confirmChatAction, createChatConversation, postChatMessage } from "./operations/chat";
import { createDrop } from "./operations/drops";
import { createSocialPublishAutomation } from "./operations/social-publish";

/**
 * Rules that span fields or items are stated twice, once for the server (zod refinements) and once
 * for the document (`oneOf`, `uniqueItems`, `if`/`then`), by one helper or one list each. This
 * checks that both sides agree on bodies that keep or break each rule: the server refuses exactly
 * the bodies the document calls invalid. (server/api/contract.int.test.ts checks the other way
 * round for every operation: bodies the document builds are accepted.)
 */
const doc = buildOpenApiDocument() as Record<string, any>;
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
ajv.addSchema(doc, "doc");

function bodySchemaOf(op: { path: string; method: string }) {
  const ref = doc.paths[op.path][op.method].requestBody.content["application/json"].schema.$ref as string;
  return ajv.getSchema(`doc${ref}`)!;
}

function expectAgreement(op: { path: string; method: string; body?: z.ZodType }, cases: [string, Record<string, unknown>, boolean][]) {
  const documentSays = bodySchemaOf(op);
  for (const [what, body, valid] of cases) {
    expect(documentSays(body), `document, ${what}: ${JSON.stringify(documentSays.errors)}`).toBe(valid);
    expect(op.body!.safeParse(body).success, `server, ${what}`).toBe(valid);
  }
}

const HEX = "0123456789abcdef01234567";
const HEX2 = "0123456789abcdef01234568";

describe("rules stated for the server and the document", () => {
  it("autopilot tasks: what each scope needs, and custom guidance text", () => {
    const ai = { name: "x", scope: "ai_generate", categoryIds: [HEX], difficultyOptions: ["beginner"] };
    expectAgreement(createContentAutopilotTask, [
      ["ai_generate with a category and a difficulty", ai, true],
      ["ai_generate with a goal instead of a category", { ...ai, categoryIds: [], goalIds: [HEX] }, true],
      ["ai_generate without categories or goals", { ...ai, categoryIds: [] }, false],
      ["ai_generate without difficulties", { ...ai, difficultyOptions: [] }, false],
      ["ai_generate, difficulties left out", { name: "x", scope: "ai_generate", categoryIds: [HEX] }, false],
      ["ai_generate without any content source", { ...ai, includeFreeStock: false, includeTeamContent: false }, false],
      ["ai_generate with premium stock only", { ...ai, includeFreeStock: false, includeTeamContent: false, includePremiumStock: true }, true],
      ["ai_generate with team content only (free off, premium default off)", { ...ai, includeFreeStock: false }, true],
      ["create_similar with a source", { name: "x", scope: "create_similar", sourceContentId: HEX }, true],
      ["create_similar without a source", { name: "x", scope: "create_similar" }, false],
      ["create_similar with a null source", { name: "x", scope: "create_similar", sourceContentId: null }, false],
      ["publish_existing with content", { name: "x", scope: "publish_existing", existingContentId: HEX }, true],
      ["publish_existing without content", { name: "x", scope: "publish_existing", existingContentId: null }, false],
      ["custom guidance with text", { ...ai, promptGuidanceMode: "custom", customPromptGuidance: "no jumping" }, true],
      ["custom guidance without text", { ...ai, promptGuidanceMode: "custom" }, false],
      ["custom guidance with blank text", { ...ai, promptGuidanceMode: "custom", customPromptGuidance: "   " }, false],
      ["other guidance without text", { ...ai, promptGuidanceMode: "ai_tuned" }, true],
    ]);
  });

  it("chat bodies: exactly one of userEmail and userExternalUUID", () => {
    const who = { organizationId: HEX };
    for (const [op, extra] of [
      [createChatConversation, {}],
      [postChatMessage, { content: "hi" }],
      [confirmChatAction, { actionId: HEX2 }],
    ] as const) {
      expectAgreement(op, [
        ["by email", { ...who, ...extra, userEmail: "a@example.com" }, true],
        ["by external id", { ...who, ...extra, userExternalUUID: "ext-1" }, true],
        ["neither", { ...who, ...extra }, false],
        ["both", { ...who, ...extra, userEmail: "a@example.com", userExternalUUID: "ext-1" }, false],
      ]);
    }
  });

  it("arrays whose items must be distinct", () => {
    const drop = { sourceType: "workout", sourceId: HEX };
    expectAgreement(createDrop, [
      ["distinct aspect ratios and durations", { ...drop, aspectRatios: ["9:16", "1:1"], durations: [15, 30] }, true],
      ["an aspect ratio twice", { ...drop, aspectRatios: ["9:16", "9:16"] }, false],
      ["a duration twice", { ...drop, durations: [15, 15] }, false],
    ]);
    const schedule = { type: "weekly", days: ["mon", "thu"], times: ["09:00", "18:30"] };
    const automation = { name: "x", sourceMode: "random_ready", platforms: ["instagram", "tiktok"], schedule };
    expectAgreement(createSocialPublishAutomation, [
      ["distinct platforms, days and times", automation, true],
      ["a platform twice", { ...automation, platforms: ["tiktok", "tiktok"] }, false],
      ["a day twice", { ...automation, schedule: { ...schedule, days: ["mon", "mon"] } }, false],
      ["a time twice", { ...automation, schedule: { ...schedule, times: ["09:00", "09:00"] } }, false],
      ["distinct drops", { ...automation, sourceMode: "manual_fixed", dropIds: [HEX, HEX2] }, true],
      ["a drop twice", { ...automation, sourceMode: "manual_fixed", dropIds: [HEX, HEX] }, false],
    ]);
  });
});
