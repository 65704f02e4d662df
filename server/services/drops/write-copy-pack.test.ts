import { afterEach, describe, expect, it } from "vitest";
import { overrideLanguageModel } from "@/server/ai/providers/model";
import { mockInvalidModel, mockJsonModel } from "@/test/support/ai-mocks/mock-model";
import { writeTemplateCopyPack } from "./copy-writer";
import type { DropSourceFacts } from "./resolve-source";
import { writeCopyPack } from "./write-copy-pack";

const facts: DropSourceFacts = {
  sourceType: "exercise",
  sourceId: "65f1c0ffee0123456789abcd",
  name: { "en-US": "Plank", "pl-PL": "Deska" },
  thumbnailKey: null,
  clips: [{ key: "seed/clips/plank.mp4", seconds: 4 }],
  categories: [{ key: "core", name: { "en-US": "Core", "pl-PL": "Core" } }],
  muscles: [{ key: "core", name: { "en-US": "Core", "pl-PL": "Mięśnie brzucha" } }],
  exerciseCount: 1,
  durationSeconds: 4,
  difficulty: "beginner",
  needsEquipment: false,
};

afterEach(() => overrideLanguageModel(undefined));

describe("writing a drop's copy pack", () => {
  it("uses the configured model's structured output, in the locale's language, with normalized hashtags", async () => {
    const answer = {
      hook: "Deska: 30 sekund, które czujesz wszędzie.",
      caption: "Napnij brzuch, łokcie pod barkami, biodra w linii. Trzymaj i oddychaj.",
      hashtags: ["#Deska", "core ", "#deska", "trening"],
      cta: "Zapisz na później",
      posterTagline: { primaryLine: "Deska", secondaryLine: "Core · 30 s" },
    };
    const { model, prompts } = mockJsonModel(() => answer);
    overrideLanguageModel(model);
    const pack = await writeCopyPack(facts, "pl-PL");
    expect(pack).toEqual({ writer: "ai", writtenIn: "pl-PL", copyPack: { ...answer, hashtags: ["deska", "core", "trening"] } });
    expect(prompts[0]).toContain("Write the copy pack in Polish (pl-PL).");
    expect(prompts[0]).toContain('Source: exercise named "Deska"');
    expect(prompts[0]).toContain("Muscle groups: Mięśnie brzucha");
  });

  it("falls back to the built-in writer when the model answers nonsense or no model is configured", async () => {
    overrideLanguageModel(mockInvalidModel());
    const fallback = await writeCopyPack(facts, "de-DE");
    expect(fallback).toEqual({ writer: "template", ...writeTemplateCopyPack(facts, "de-DE") });
    overrideLanguageModel(null);
    const polish = await writeCopyPack(facts, "pl-PL");
    expect(polish).toEqual({ writer: "template", ...writeTemplateCopyPack(facts, "pl-PL") });
    expect(polish.writtenIn).toBe("pl-PL");
  });
});
