import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { DemoCredentials } from "./demo-credentials";

/**
 * The interactive reference at /docs: Scalar's standalone bundle, served from our own origin
 * (/docs/scalar.js, from the build or node_modules: no CDN, works offline), rendering /openapi.json with
 * "try it" against the origin the page was opened from, request samples in curl, JavaScript and
 * Python, the webhooks section and the narrative sections of the document's description.
 * Everything that would reach out to scalar.com is off: default fonts, telemetry, the AI agent,
 * MCP, the proxy, developer tools.
 */
/**
 * Where Scalar's bundle is: the build's copy (dist/scalar, written by scripts/build-server.ts; the
 * image has no vendor/), else the committed one (vendor/scalar: the package's one self-contained
 * file, refreshed by scripts/vendor-scalar.mjs; the package is not a dependency).
 */
let location: { bundle: string; version: string } | null = null;
function scalar(): { bundle: string; version: string } {
  if (!location) {
    const built = path.join(process.cwd(), "dist", "scalar");
    const dir = existsSync(path.join(built, "standalone.js")) ? built : path.join(process.cwd(), "vendor", "scalar");
    location = { bundle: path.join(dir, "standalone.js"), version: (JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as { version: string }).version };
  }
  return location;
}

export function scalarVersion(): string {
  return scalar().version;
}

/** Scalar's self-contained browser bundle (no further chunks, fonts or CDN requests). */
export function scalarBundlePath(): string {
  return scalar().bundle;
}

/**
 * Clients not offered as request samples. Left: curl (shell), fetch (browser JavaScript), undici and
 * fetch (Node.js), http.client and requests (Python); Scalar features Shell, Node.js and Python.
 */
const HIDDEN_CLIENTS = {
  c: true,
  clojure: true,
  csharp: true,
  dart: true,
  fsharp: true,
  go: true,
  http: true,
  java: true,
  julia: true,
  kotlin: true,
  objc: true,
  ocaml: true,
  php: true,
  powershell: true,
  r: true,
  ruby: true,
  rust: true,
  swift: true,
  js: ["axios", "jquery", "ofetch", "xhr"],
  node: ["axios", "ofetch"],
  python: ["aiohttp", "httpx_sync", "httpx_async"],
  shell: ["httpie", "wget"],
};

/** JSON for an inline <script>: no `</script>` or comment openers can close it early. */
function inlineJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/>/g, "\\u003e").replace(/&/g, "\\u0026");
}

/**
 * The page's one inline script, the same text on every answer (the configuration, which may carry
 * the demo key, sits in a JSON data block that is never executed): the CSP allows it by its hash
 * (server/http/security-headers.ts), so the page needs no nonce and stays cacheable.
 */
export const REFERENCE_BOOT_SCRIPT = `
// Scalar's zod probes for eval (new Function) to compile its parsers; the CSP forbids eval, so it is told not to try.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
document.addEventListener("DOMContentLoaded", function () {
  var config = JSON.parse(document.getElementById("forma-reference-config").textContent);
  // "Try it" goes to the origin this page came from (same origin: no CORS, no proxy).
  config.servers = [{ url: window.location.origin, description: "This Forma server" }];
  window.Scalar.createApiReference("#forma-reference", config);
  // What Scalar's widget leaves unnamed or out of keyboard reach, completed as it renders: its value
  // inputs (contenteditable comboboxes, no list of their own here) get a name and their state, the
  // code blocks' copy buttons a name, and a tag's scrolling list of endpoints a place in the tab order.
  var root = document.getElementById("forma-reference");
  var complete = function () {
    root.querySelectorAll('[role="combobox"][contenteditable]:not([aria-label])').forEach(function (el) {
      var label = el.closest("label, [data-label]");
      el.setAttribute("aria-label", (label && label.textContent.trim()) || el.getAttribute("data-placeholder") || "Value");
      if (!el.hasAttribute("aria-expanded")) el.setAttribute("aria-expanded", "false");
    });
    root.querySelectorAll("button.scalar-code-copy:not([aria-label])").forEach(function (el) {
      el.setAttribute("aria-label", "Copy code");
    });
    root.querySelectorAll("ul.endpoints:not([tabindex])").forEach(function (el) {
      el.setAttribute("tabindex", "0");
    });
  };
  new MutationObserver(complete).observe(root, { childList: true, subtree: true });
});
`;

/**
 * Accessibility of Scalar's widget (WCAG 2.2 AA, axe-clean): its light theme's secondary text,
 * syntax and method colours darkened to 4.5:1 on every background it uses; code samples wrap instead
 * of scrolling (a scrolling region would need to be focusable); the sidebar's expand buttons at
 * 24 px; the info links' names kept for assistive technology where Scalar shows icons only.
 * `.light-mode.light-mode` outranks Scalar's own `.light-mode` variables whatever the order.
 */
const REFERENCE_CSS = [
  ".light-mode.light-mode{--scalar-color-2:#595959;--scalar-color-3:#616161;--scalar-color-accent:#0066b3;--scalar-color-blue:#005a9c;--scalar-color-green:#05704b;--scalar-color-red:#c00005;--scalar-color-orange:#b33c00;--scalar-color-yellow:#7a5f00;--scalar-color-purple:#5203d1;--scalar-color-query:#006266}",
  "#forma-reference code.hljs.custom-scroll{overflow:visible;white-space:pre-wrap;overflow-wrap:anywhere}",
  "#forma-reference li[data-sidebar-id] button[aria-expanded]{min-width:24px;min-height:24px;display:flex;align-items:center;justify-content:center}",
  "#forma-reference .icons-only a>span{display:inline-block;position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}",
].join("");

export function referencePage(demo: DemoCredentials | null): string {
  const config = {
    url: "/openapi.json",
    metaData: { title: "Forma API reference" },
    withDefaultFonts: false,
    telemetry: false,
    agent: { disabled: true },
    mcp: { disabled: true },
    showDeveloperTools: "never",
    documentDownloadType: "json",
    defaultHttpClient: { targetKey: "shell", clientKey: "curl" },
    hiddenClients: HIDDEN_CLIENTS,
    persistAuth: false,
    defaultOpenFirstTag: false,
    authentication: {
      preferredSecurityScheme: "X-Api-Key",
      ...(demo ? { securitySchemes: { "X-Api-Key": { value: demo.apiKey } } } : {}),
    },
  };
  const notice = demo
    ? `Demo workspace ${demo.organizationId}: its API key is filled in for "Test Request" because this page was opened on the machine that runs Forma.`
    : "";
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Forma API reference</title>
<meta name="description" content="Forma API reference: every operation, webhook event and error of the Forma API, with request samples and try it.">
<style>body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}.forma-demo{font:13px/1.4 system-ui,sans-serif;padding:6px 12px;background:#ecfdf5;color:#065f46;border-bottom:1px solid #a7f3d0}${REFERENCE_CSS}</style>
</head>
<body>
${notice ? `<div class="forma-demo" data-demo-organization-id="${demo!.organizationId}">${notice}</div>` : ""}
<div id="forma-reference"></div>
<noscript>The interactive reference needs JavaScript. The contract itself: <a href="/openapi.json">/openapi.json</a>; a text summary: <a href="/llms.txt">/llms.txt</a>.</noscript>
<script type="application/json" id="forma-reference-config">${inlineJson(config)}</script>
<script>${REFERENCE_BOOT_SCRIPT}</script>
<script src="/docs/scalar.js?v=${scalarVersion()}"></script>
</body>
</html>`;
}
