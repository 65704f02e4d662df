import { createHash, randomBytes } from "node:crypto";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import type { IncomingHttpHeaders } from "node:http";
import path from "node:path";

/**
 * The security headers of every response, in one place (docs/operations.md, "Security headers").
 * server.ts applies them to each request before it reaches the API fast path
 * (server/http/direct-dispatch.ts) or Next, so the API, the pages, /docs and Next's own answers
 * (404s, assets) get them alike, whichever way /v1 is served (FORMA_API_VIA_NEXT).
 *
 * - Every response: `X-Content-Type-Options: nosniff`, a `Referrer-Policy`, and HSTS when the
 *   request arrived over TLS (only a trusted proxy's `X-Forwarded-Proto: https` says so).
 * - Non-HTML answers (the API, media, /openapi.json, /llms.txt, /health): a CSP that allows nothing
 *   (`default-src 'none'`) and may not be framed. Next's build assets only get nosniff.
 * - Pages: a CSP whose scripts come from this origin and carry the request's nonce (Next reads it
 *   from the request's `Content-Security-Policy` header and puts it on its scripts when it renders
 *   the page) or, for pages Next prerendered at build time (static shells such as the players),
 *   match the hashes of that page's inline scripts, read from the build at start. No
 *   'unsafe-inline' or 'unsafe-eval' for scripts (development adds 'unsafe-eval': React's dev
 *   build needs it). Styles may be inline (React's `style` attributes; Scalar injects its own).
 *   'strict-dynamic' is left out on purpose: Next's prerendered HTML (players, the 404 page) loads
 *   its chunks by plain `<script src>` tags that no nonce can mark, and every script is
 *   same-origin, so 'self' plus nonces and hashes is the stricter fit.
 * - Framing: nothing may be framed (`frame-ancestors 'none'`, `X-Frame-Options: DENY`) except the
 *   players under /embed/, which partners frame by contract (`frame-ancestors` from
 *   EMBED_FRAME_ANCESTORS, default `*`; no X-Frame-Options, which cannot express a list).
 */

/** Pages partners frame (RUN-CONTRACT.md, Pages: the players, "iframe only"). */
export function isEmbeddablePath(pathname: string): boolean {
  return pathname === "/embed" || pathname.startsWith("/embed/");
}

/** Answers that are never an HTML document of ours. */
const NON_HTML_EXACT = new Set(["/health", "/ready", "/metrics", "/v1", "/openapi.json", "/llms.txt", "/docs/scalar.js", "/robots.txt", "/favicon.ico", "/icon.svg"]);
const NON_HTML_PREFIXES = ["/v1/", "/media/", "/api/"];

export type ResponseKind = "api" | "asset" | "page";

/** What kind of answer a path gets, for its headers. */
export function responseKind(pathname: string): ResponseKind {
  if (pathname.startsWith("/_next/")) return "asset";
  if (NON_HTML_EXACT.has(pathname) || NON_HTML_PREFIXES.some((p) => pathname.startsWith(p))) return "api";
  return "page";
}

/** True when the request reached us over TLS: the socket's own, or a trusted proxy's word. */
export function arrivedOverTls(headers: IncomingHttpHeaders, encrypted: boolean, trustProxy: boolean): boolean {
  if (encrypted) return true;
  if (!trustProxy) return false;
  const proto = headers["x-forwarded-proto"];
  const first = (Array.isArray(proto) ? proto[0] : proto)?.split(",", 1)[0]?.trim().toLowerCase();
  return first === "https";
}

/** A fresh per-request nonce (128 random bits, base64: what Next's nonce parser accepts). */
export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

/** `'sha256-…'` of an inline script's text, as CSP compares it. */
export function scriptHash(text: string): string {
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

export interface PolicyOptions {
  /** Origins besides this one that pages load media and API answers from (PUBLIC_BASE_URL's, when it differs). */
  extraOrigins?: string[];
  /** `frame-ancestors` sources of the embeddable pages (EMBED_FRAME_ANCESTORS). */
  embedFrameAncestors?: string;
  /** Development: React's dev build evaluates strings. */
  development?: boolean;
}

const HSTS = "max-age=31536000";
/** Players may use these for themselves (a host grants them to the frame with `allow=`); nothing else may. */
const PERMISSIONS_EMBED =
  "fullscreen=(self), autoplay=(self), picture-in-picture=(self), screen-wake-lock=(self), accelerometer=(self), gyroscope=(self), camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), hid=(), midi=(), display-capture=(), browsing-topics=()";
/** Pages of this site: media and the console's copy button for themselves, no sensors or devices. */
const PERMISSIONS_PAGE =
  "fullscreen=(self), autoplay=(self), picture-in-picture=(self), screen-wake-lock=(self), clipboard-write=(self), accelerometer=(), gyroscope=(), camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), hid=(), midi=(), display-capture=(), browsing-topics=()";

const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * Header sets, built once per configuration: the API's is one constant object (the /v1 path is hot),
 * a page's is a few string joins around its nonce.
 */
export class SecurityHeaders {
  private readonly api: Record<string, string>;
  private readonly apiTls: Record<string, string>;
  private readonly asset: Record<string, string>;
  private readonly assetTls: Record<string, string>;
  private readonly pageTail: string;
  private readonly embedTail: string;
  private readonly evalSource: string;

  constructor(
    opts: PolicyOptions = {},
    /** Inline-script hashes of the pages Next prerendered, by path (loadPrerenderedScriptHashes). */
    private readonly prerendered: ReadonlyMap<string, string[]> = new Map(),
  ) {
    const extra = (opts.extraOrigins ?? []).filter(Boolean);
    const x = extra.length ? ` ${extra.join(" ")}` : "";
    this.evalSource = opts.development ? " 'unsafe-eval'" : "";
    // `connect-src 'self'` covers Socket.IO's ws:/wss: on this origin (CSP Level 3) and /v1.
    const common = `style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:${x}; media-src 'self' blob:${x}; font-src 'self' data:; connect-src 'self'${x}; worker-src 'self' blob:; manifest-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'`;
    // /docs/embed shows the players in frames of this origin; no other page frames anything.
    this.pageTail = `${common}; frame-src 'self'; frame-ancestors 'none'`;
    this.embedTail = `${common}; frame-src 'none'; frame-ancestors ${opts.embedFrameAncestors?.trim() || "*"}`;
    this.asset = { "x-content-type-options": "nosniff" };
    this.api = {
      "content-security-policy": API_CSP,
      "x-content-type-options": "nosniff",
      "x-frame-options": "DENY",
      "referrer-policy": "no-referrer",
    };
    this.apiTls = { ...this.api, "strict-transport-security": HSTS };
    this.assetTls = { ...this.asset, "strict-transport-security": HSTS };
  }

  /** The headers of a non-page answer (constant objects: do not modify). */
  forApi(tls: boolean): Readonly<Record<string, string>> {
    return tls ? this.apiTls : this.api;
  }

  forAsset(tls: boolean): Readonly<Record<string, string>> {
    return tls ? this.assetTls : this.asset;
  }

  /** The script sources of a page: its nonce, and the hashes of its prerendered HTML when Next built one. */
  scriptSources(pathname: string, nonce: string): string {
    const hashes = this.prerendered.get(prerenderedPathOf(pathname)) ?? this.prerendered.get("/_not-found");
    return `'self' 'nonce-${nonce}'${this.evalSource}${hashes?.length ? ` ${hashes.join(" ")}` : ""}`;
  }

  /** The CSP of a page; also the request header that hands Next the nonce. */
  pagePolicy(pathname: string, nonce: string): string {
    const tail = isEmbeddablePath(pathname) ? this.embedTail : this.pageTail;
    return `default-src 'self'; script-src ${this.scriptSources(pathname, nonce)}; ${tail}`;
  }

  /** Every security header of a page answer. */
  forPage(pathname: string, nonce: string, tls: boolean): Record<string, string> {
    const embed = isEmbeddablePath(pathname);
    const h: Record<string, string> = {
      "content-security-policy": this.pagePolicy(pathname, nonce),
      "x-content-type-options": "nosniff",
      // Players carry their key in the URL by contract: never send that URL as a Referer.
      "referrer-policy": embed ? "no-referrer" : "strict-origin-when-cross-origin",
      "permissions-policy": embed ? PERMISSIONS_EMBED : PERMISSIONS_PAGE,
    };
    if (!embed) h["x-frame-options"] = "DENY";
    if (tls) h["strict-transport-security"] = HSTS;
    return h;
  }
}

/**
 * Which prerendered page answers a path: itself, or the shell a rewrite of next.config.ts serves
 * (every /embed/workout/{workoutId} is the one /embed/workout shell).
 */
function prerenderedPathOf(pathname: string): string {
  if (pathname.startsWith("/embed/workout/")) return "/embed/workout";
  return pathname.length > 1 && pathname.endsWith("/") ? pathname.slice(0, -1) : pathname;
}

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/** The hashes of an HTML document's inline scripts (those with a body and no src). */
export function inlineScriptHashes(html: string): string[] {
  const out = new Set<string>();
  for (const m of html.matchAll(INLINE_SCRIPT)) {
    const type = /\btype=["']?([^"'\s>]+)/i.exec(m[0].slice(0, m[0].indexOf(">")))?.[1]?.toLowerCase();
    // Data blocks (JSON, the RSC payload's templates) are never executed, so never checked.
    if (type && type !== "module" && type !== "text/javascript" && type !== "application/javascript") continue;
    if (m[1]) out.add(scriptHash(m[1]));
  }
  return [...out];
}

/**
 * The inline-script hashes of every HTML page the pages build prerendered (`<distDir>/server/app/**.html`),
 * by the path that serves it. Empty in development (nothing is prerendered: every page gets its nonce).
 */
export function loadPrerenderedScriptHashes(distDir: string): Map<string, string[]> {
  const root = path.join(distDir, "server", "app");
  const out = new Map<string, string[]>();
  if (!existsSync(root)) return out;
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith(".html")) {
        const rel = path.relative(root, file).slice(0, -".html".length).split(path.sep).join("/");
        const route = rel === "index" ? "/" : `/${rel}`;
        out.set(route, inlineScriptHashes(readFileSync(file, "utf8")));
      }
    }
  };
  walk(root);
  return out;
}
