import { describe, expect, it } from "vitest";
import { pickLocalized, pickText, resolveReadLocale } from "./locale";

describe("locales", () => {
  it("resolves read locales with aliases and English fallback", () => {
    expect(resolveReadLocale(undefined)).toBe("en-US");
    expect(resolveReadLocale("de-DE")).toBe("de-DE");
    expect(resolveReadLocale("de-de")).toBe("de-DE");
    expect(resolveReadLocale("no")).toBe("nb-NO");
    expect(resolveReadLocale("no-NO")).toBe("nb-NO");
    expect(resolveReadLocale("xx-YY")).toBe("en-US");
  });

  it("picks exact, then same language, then English", () => {
    const map = { "en-US": "Squat", "de-DE": "Kniebeuge", "fr-FR": "Squat FR" };
    expect(pickText(map, "de-DE")).toBe("Kniebeuge");
    expect(pickText(map, "en-GB")).toBe("Squat");
    expect(pickText(map, "pl-PL")).toBe("Squat");
    expect(pickLocalized({ "en-US": 1, "fr-FR": 2 }, "fr-FR")).toEqual({ locale: "fr-FR", value: 2 });
    expect(pickLocalized({ "en-US": 1 }, "en-AU")).toEqual({ locale: "en-US", value: 1 });
  });
});
