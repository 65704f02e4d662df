import { afterEach, describe, expect, it, vi } from "vitest";
import { fontCovers } from "./font-coverage";
import { COVER_SIZE, DROP_ASPECT_RATIOS } from "./presets";
import { coverText, renderCoverPng } from "./render-cover";

afterEach(() => vi.restoreAllMocks());

const english = { title: "Morning Training", primaryLine: "Glute Builder", secondaryLine: "5 exercises · 20 min" };

describe("drop covers", () => {
  it("only ever gets text the bundled font draws: other scripts fall back to the English line", () => {
    expect(fontCovers("Größte Dehnung – Übung · 12 Min. ñ ç ø ș ą ė")).toBe(true);
    expect(fontCovers("אימון בוקר")).toBe(false);
    expect(fontCovers("تمرين")).toBe(false);
    expect(fontCovers("Push 💪")).toBe(false);
    expect(coverText({ title: "אימון בוקר", primaryLine: "Rückentraining", secondaryLine: "Push 💪" }, english)).toEqual({
      title: "Morning Training",
      primaryLine: "Rückentraining",
      secondaryLine: "5 exercises · 20 min",
    });
    expect(coverText({ title: "تمرين", primaryLine: "", secondaryLine: "" }, { title: "تمرين", primaryLine: "", secondaryLine: "" }).title).toBe("");
  });

  it("renders a PNG of the aspect's cover size with next/og, without going to the network", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    for (const aspectRatio of DROP_ASPECT_RATIOS) {
      const png = await renderCoverPng({
        aspectRatio,
        text: coverText({ title: "Morgen-Mobility", primaryLine: "Mobilität", secondaryLine: "6 Übungen · 14 Min." }, english),
        thumbnail: null,
      });
      expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
      expect({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) }).toEqual(COVER_SIZE[aspectRatio]);
    }
    // satori loads its layout engine from a data: URL; nothing may go to the network (Google Fonts, a CDN).
    expect(fetchSpy.mock.calls.map((c) => String(c[0]).split(":")[0]).filter((scheme) => scheme !== "data")).toEqual([]);
  });
});
