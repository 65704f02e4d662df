import type { ReactNode } from "react";
import { cn } from "./cn";

/** An empty or error state with a title, a sentence and an optional action; never a blank page. */
export function Notice({ title, children, tone = "neutral", action }: { title: string; children?: ReactNode; tone?: "neutral" | "error"; action?: ReactNode }) {
  return (
    <div role={tone === "error" ? "alert" : undefined} className={cn("mx-auto my-8 max-w-lg rounded-xl border p-6 text-center", tone === "error" ? "border-danger/30 bg-red-50" : "border-line bg-card")}>
      <h2 className="text-lg font-semibold">{title}</h2>
      {children ? <div className="mt-2 text-muted">{children}</div> : null}
      {action ? <div className="mt-4">{action}</div> : null}
    </div>
  );
}
