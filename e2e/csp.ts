import { type BrowserContext, test as base, expect } from "@playwright/test";

/**
 * Every browser test fails when a page reports a Content-Security-Policy violation while the test
 * uses it (server/http/security-headers.ts): an init script in every frame turns each
 * `securitypolicyviolation` event into a console error, and Chromium's own CSP console messages
 * (frame-ancestors refusals, blocked inline scripts) are caught as well. Specs import `test` from
 * here (or from fixtures.ts, which builds on it); a spec that opens a second context (the cast
 * phone) watches it with `watchCsp`.
 */
const MARK = "[forma-csp-violation]";

/** Watches a context's pages (and their frames) for CSP violations; returns the list it fills. */
export async function watchCsp(context: BrowserContext, into: string[] = []): Promise<string[]> {
  await context.addInitScript((mark) => {
    document.addEventListener("securitypolicyviolation", (e) => {
      console.error(`${mark} ${e.effectiveDirective} blocked ${e.blockedURI || "(inline)"} on ${e.documentURI} (${e.sourceFile || "?"}:${e.lineNumber})`);
    });
  }, MARK);
  const listen = (page: import("@playwright/test").Page) =>
    page.on("console", (m) => {
      const text = m.text();
      if (text.includes(MARK) || /Content Security Policy/i.test(text)) into.push(`${page.url()}: ${text}`);
    });
  for (const page of context.pages()) listen(page);
  context.on("page", listen);
  return into;
}

export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ context }, use) => {
      const violations = await watchCsp(context);
      await use(violations);
      expect(violations, "Content-Security-Policy violations reported while the test ran").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
