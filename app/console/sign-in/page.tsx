import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { Suspense } from "react";
import { SignInForm } from "@/components/console/sign-in-form";
import { currentPrincipal } from "@/server/console/page-principal";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Sign in · Forma console" };

// GET /console/sign-in – the console's sign-in page (email and password of a trainer)
export default async function SignInPage() {
  if (await currentPrincipal()) redirect("/console");
  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-10">
      <div className="w-full max-w-sm rounded-xl border border-line bg-card p-6 shadow-sm">
        <h1 className="text-2xl font-semibold">Sign in to the Forma console</h1>
        <p className="mt-1 mb-5 text-sm text-muted">Your workspace's library, members and keys.</p>
        <Suspense>
          <SignInForm />
        </Suspense>
      </div>
    </main>
  );
}
