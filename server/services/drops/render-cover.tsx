import { ImageResponse } from "next/og";
import type { DropAspectRatio } from "@/db/schema";
import { fontCovers } from "./font-coverage";
import { COVER_SIZE, shortenText } from "./presets";

export interface CoverText {
  title: string;
  primaryLine: string;
  secondaryLine: string;
}

/**
 * The text a cover can show: each line as given when the bundled font draws all of it, else the
 * same line of the English fallback (Hebrew and Arabic titles), else nothing. Satori would fetch
 * a font from the network for missing glyphs; covers never ask it to.
 */
export function coverText(text: CoverText, fallback: CoverText): CoverText {
  const pick = (a: string, b: string) => (fontCovers(a) ? a : fontCovers(b) ? b : "");
  return {
    title: pick(text.title, fallback.title),
    primaryLine: pick(text.primaryLine, fallback.primaryLine),
    secondaryLine: pick(text.secondaryLine, fallback.secondaryLine),
  };
}

const INK = "#14161a";
const BRAND = "#0f766e";
const PAPER = "#fafaf7";

/**
 * A drop's cover as PNG, rendered with `next/og` (satori and resvg with the bundled font; no
 * network): the source thumbnail filling the frame, a dark band with the title, and the poster
 * tagline. Burned-in text belongs on covers only, never on the videos.
 */
export async function renderCoverPng(args: { aspectRatio: DropAspectRatio; text: CoverText; thumbnail: Buffer | null }): Promise<Buffer> {
  const { width, height } = COVER_SIZE[args.aspectRatio];
  const unit = Math.min(width, height) / 100;
  const { title, primaryLine, secondaryLine } = args.text;
  const image = args.thumbnail ? `data:image/jpeg;base64,${args.thumbnail.toString("base64")}` : null;
  const element = (
    <div style={{ display: "flex", width: "100%", height: "100%", position: "relative", backgroundColor: INK, fontFamily: "geist" }}>
      {image ? (
        // biome-ignore lint/performance/noImgElement: satori draws plain elements; next/image does not exist here
        <img src={image} width={width} height={height} style={{ position: "absolute", top: 0, left: 0, width, height, objectFit: "cover" }} alt="" />
      ) : null}
      <div
        style={{
          position: "absolute",
          left: 0,
          right: 0,
          bottom: 0,
          display: "flex",
          flexDirection: "column",
          padding: `${unit * 6}px ${unit * 7}px ${unit * 8}px`,
          backgroundImage: `linear-gradient(to bottom, rgba(20,22,26,0), rgba(20,22,26,0.92) 30%)`,
          paddingTop: unit * 16,
        }}
      >
        {primaryLine ? (
          <div
            style={{
              display: "flex",
              alignSelf: "flex-start",
              backgroundColor: BRAND,
              color: PAPER,
              fontSize: unit * 4.2,
              padding: `${unit * 1}px ${unit * 2.4}px`,
              borderRadius: unit * 1.2,
              marginBottom: unit * 3,
            }}
          >
            {shortenText(primaryLine, 40)}
          </div>
        ) : null}
        {title ? (
          <div style={{ display: "flex", color: PAPER, fontSize: unit * 9, lineHeight: 1.1, letterSpacing: -unit * 0.15 }}>{shortenText(title, 70)}</div>
        ) : null}
        {secondaryLine ? (
          <div style={{ display: "flex", color: "#d6d9df", fontSize: unit * 4.6, marginTop: unit * 2.6 }}>{shortenText(secondaryLine, 40)}</div>
        ) : null}
      </div>
    </div>
  );
  const response = new ImageResponse(element, { width, height });
  return Buffer.from(await response.arrayBuffer());
}
