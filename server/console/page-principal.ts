import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { principalFromCookies } from "@/server/services/console/session-cookie";
import type { ConsolePrincipal } from "@/server/services/console/sessions";

/** The signed-in trainer of a console page (server components); signed-out visitors go to the sign-in page. */
export async function requirePrincipal(): Promise<ConsolePrincipal> {
  const jar = await cookies();
  const principal = await principalFromCookies((name) => jar.get(name)?.value);
  if (!principal) redirect("/console/sign-in");
  return principal;
}

/** The signed-in trainer, or null (the sign-in page sends signed-in trainers on). */
export async function currentPrincipal(): Promise<ConsolePrincipal | null> {
  const jar = await cookies();
  return principalFromCookies((name) => jar.get(name)?.value);
}
