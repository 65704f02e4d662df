"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { signOut } from "next-auth/react";
import { useState } from "react";
import { cn } from "@/components/ui/cn";

const ITEMS: { href: string; label: string; owner?: boolean }[] = [
  { href: "/console", label: "Overview" },
  { href: "/console/library", label: "Library" },
  { href: "/console/media", label: "Media" },
  { href: "/console/dna", label: "Programming DNA" },
  { href: "/console/autopilot", label: "Autopilot" },
  { href: "/console/social", label: "Social" },
  { href: "/console/members", label: "Members" },
  { href: "/console/keys", label: "API keys", owner: true },
  { href: "/console/account", label: "Account" },
];

/** The console's navigation: a sidebar on wide screens, a scrolling bar on phones. */
export function ConsoleNav({ workspace, trainer, role }: { workspace: string; trainer: string; role: "owner" | "trainer" }) {
  const pathname = usePathname();
  const [signingOut, setSigningOut] = useState(false);
  const active = (href: string) => (href === "/console" ? pathname === "/console" : pathname === href || pathname.startsWith(`${href}/`));
  return (
    <header className="border-b border-line bg-card md:min-h-screen md:w-60 md:shrink-0 md:border-r md:border-b-0">
      <div className="flex items-center justify-between gap-3 px-4 py-3 md:block">
        <div className="min-w-0">
          <Link href="/console" className="block text-lg font-bold text-ink no-underline">
            Forma console
          </Link>
          <p className="truncate text-xs text-muted" title={workspace}>
            {workspace}
          </p>
        </div>
        <div className="text-right md:mt-3 md:text-left">
          <p className="truncate text-sm" title={trainer}>
            {trainer} <span className="text-xs text-muted">({role})</span>
          </p>
          <button
            type="button"
            className="text-sm text-brand underline-offset-2 hover:underline disabled:text-muted"
            disabled={signingOut}
            onClick={() => {
              setSigningOut(true);
              void signOut({ callbackUrl: "/console/sign-in" });
            }}
          >
            {signingOut ? "Signing out…" : "Sign out"}
          </button>
        </div>
      </div>
      <nav aria-label="Console" className="overflow-x-auto md:overflow-visible">
        <ul className="flex gap-1 px-2 pb-2 md:flex-col md:px-2">
          {ITEMS.filter((i) => !i.owner || role === "owner").map((i) => (
            <li key={i.href} className="shrink-0">
              <Link
                href={i.href}
                aria-current={active(i.href) ? "page" : undefined}
                className={cn(
                  "block rounded-lg px-3 py-2 text-sm whitespace-nowrap no-underline",
                  active(i.href) ? "bg-brand text-white" : "text-ink hover:bg-black/5",
                )}
              >
                {i.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
