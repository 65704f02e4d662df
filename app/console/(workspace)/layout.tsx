import type { Metadata } from "next";
import type { ReactNode } from "react";
import { ConsoleNav } from "@/components/console/nav";
import { QueryProvider } from "@/components/query-provider";
import { requirePrincipal } from "@/server/console/page-principal";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Forma console" };

/** Every console page: a signed-in trainer of the workspace, the navigation, and TanStack Query. */
export default async function WorkspaceLayout({ children }: { children: ReactNode }) {
  const principal = await requirePrincipal();
  return (
    <div className="flex min-h-screen flex-col md:flex-row">
      <ConsoleNav workspace={principal.organizationName} trainer={principal.name} role={principal.role} />
      <main className="min-w-0 flex-1 px-4 py-6 md:px-8">
        <QueryProvider>{children}</QueryProvider>
      </main>
    </div>
  );
}
