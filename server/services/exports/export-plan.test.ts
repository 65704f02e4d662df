import { describe, expect, it } from "vitest";
import { exportLocales } from "./export-plan";

describe("export locales", () => {
  it("renders every voice locale, the trainer's first, then its language, then the rest", () => {
    expect(exportLocales(["fr-FR", "en-US", "de-DE", "en-GB", "de-DE"], "en-GB")).toEqual(["en-GB", "en-US", "de-DE", "fr-FR"]);
    expect(exportLocales(["fr-FR", "es-ES"], "de-DE")).toEqual(["es-ES", "fr-FR"]);
  });

  it("renders a workout without voice-over once, in the trainer's locale; unsupported tags never count", () => {
    expect(exportLocales([], "de-DE")).toEqual(["de-DE"]);
    expect(exportLocales(["xx-YY"], "en-US")).toEqual(["en-US"]);
  });
});
