import { describe, expect, it } from "vitest";
import { captionFlags, pickCaptionTrack } from "./use-captions-choice";

const t = (locale: string) => ({ locale, label: locale, url: `https://x/${locale}.vtt` });

describe("caption flags and track choice", () => {
  it("reads captions=on|off and captionsLocale, ignoring anything else", () => {
    expect(captionFlags("?captions=on&captionsLocale=de-DE")).toEqual({ on: true, locale: "de-DE" });
    expect(captionFlags("?captions=0")).toEqual({ on: false });
    expect(captionFlags("?captions=maybe&captionsLocale=<script>")).toEqual({});
  });

  it("prefers the chosen locale, then its language, then the voice's, then the first", () => {
    const tracks = [t("de-DE"), t("en-US"), t("fr-FR")];
    expect(pickCaptionTrack(tracks, ["en-GB", "de-DE"])!.locale).toBe("en-US");
    expect(pickCaptionTrack(tracks, [null, "fr-CA"])!.locale).toBe("fr-FR");
    expect(pickCaptionTrack(tracks, ["ja-JP"])!.locale).toBe("de-DE");
    expect(pickCaptionTrack([], ["en-US"])).toBeNull();
  });
});
