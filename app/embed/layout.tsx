import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";

export const metadata: Metadata = { title: "Forma player", robots: { index: false, follow: false }, referrer: "no-referrer" };
export const viewport: Viewport = { width: "device-width", initialScale: 1, viewportFit: "cover", themeColor: "#000000" };

/** Players fill the iframe (a full-viewport box, portrait or landscape). */
export default function EmbedLayout({ children }: { children: ReactNode }) {
  return <div className="fixed inset-0 overflow-hidden bg-black text-white">{children}</div>;
}
