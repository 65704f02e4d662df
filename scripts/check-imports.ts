/**
 * The import check of `npm run lint` (docs/architecture.md): reads every import of the tree's
 * source files (static, type-only and dynamic `import()`, through the `@/` alias and relative
 * paths) and fails on
 *  - any circle between files, and
 *  - any import against the layers' direction (RULES below),
 * except the violations recorded in scripts/import-rules-baseline.json, which are known debts to
 * pay off: a new one fails, and so does an entry that no longer occurs (delete it from the file).
 * Test files and test support are not part of the graph.
 *
 *   npx tsx scripts/check-imports.ts            check
 *   npx tsx scripts/check-imports.ts --baseline rewrite the baseline from the tree (only to shrink it)
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

const ROOT = path.resolve(import.meta.dirname, "..");
const BASELINE = path.join(ROOT, "scripts/import-rules-baseline.json");

/** A rule: files matching `from` must not import files matching `to` (unless `allow` matches the importer). */
interface Rule {
  name: string;
  from: RegExp;
  to: RegExp;
  allow?: RegExp;
  why: string;
}

const RULES: Rule[] = [
  { name: "core-is-a-leaf", from: /^server\/core\//, to: /^(app|components|server\/(api|routes|services|jobs|console|http|ai|media|realtime))\//, why: "server/core is used by every layer and uses none of them" },
  { name: "contracts-are-leaves", from: /^server\/contracts\//, to: /^(app|components|db\/queries|server\/(api|routes|services|jobs|console|http))\//, why: "server/contracts holds schemas and enums only" },
  { name: "services-below-operations", from: /^server\/services\//, to: /^(app|components|server\/(api|routes|console|http))\//, why: "route → operation → service → query: a service never reaches up to the HTTP layer" },
  { name: "queries-below-services", from: /^db\/(queries|schema|client|cache-invalidation)/, to: /^(app|components|server\/(api|routes|services|console|http|jobs))\//, why: "db/queries is the bottom layer" },
  { name: "no-http-in-components", from: /^components\//, to: /^(server|db)\//, why: "components are client and view code; server data reaches them as props" },
  { name: "seed-from-entries-only", from: /^(server|app|components|lib|db\/(queries|schema|reference|client))\//, to: /^db\/seed\//, why: "db/seed writes demo and reference rows; what the running service reads lives in db/reference" },
  { name: "operations-below-wrappers", from: /^server\/api\//, to: /^server\/routes\//, why: "the route wrappers (server/routes) run operations and services; nothing below them reaches back" },
  { name: "api-below-routes", from: /^server\//, to: /^app\//, why: "app/ holds the entries (routes, pages); nothing imports them" },
  {
    name: "job-list-from-entries-only",
    from: /./,
    to: /^server\/jobs\/(registry|worker|inngest-functions)\.ts$/,
    allow: /^(server\.ts|db\/seed\/cli\.ts|app\/api\/inngest\/route\.ts|server\/jobs\/(worker|inngest-functions)\.ts)$/,
    why: "services send through server/jobs (the sender); only process entries load the job list, whose definitions import services",
  },
  { name: "definitions-from-registry-only", from: /./, to: /^server\/jobs\/definitions\//, allow: /^server\/jobs\/registry\.ts$/, why: "a job is reached through the job list" },
];

const isTest = (f: string) => /(\.test\.tsx?|\.int\.test\.tsx?)$/.test(f) || /^(test|e2e)\//.test(f) || f.includes("/__tests__/");

function sourceFiles(): string[] {
  const out = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "*.ts", "*.tsx"], { cwd: ROOT, encoding: "utf8" });
  return out
    .split("\n")
    .filter((f) => f && !f.startsWith("node_modules/") && !f.endsWith(".d.ts") && existsSync(path.join(ROOT, f)))
    .filter((f) => !isTest(f));
}

function resolve(from: string, spec: string, known: Set<string>): string | null {
  let base: string;
  if (spec.startsWith("@/")) base = spec.slice(2);
  else if (spec.startsWith(".")) base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  else return null;
  for (const c of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) if (known.has(c)) return c;
  return null;
}

function graph(files: string[]): Map<string, Set<string>> {
  const known = new Set(files);
  const g = new Map<string, Set<string>>();
  for (const f of files) {
    const info = ts.preProcessFile(readFileSync(path.join(ROOT, f), "utf8"), true, true);
    const to = new Set<string>();
    for (const ref of info.importedFiles) {
      const r = resolve(f, ref.fileName, known);
      if (r && r !== f) to.add(r);
    }
    g.set(f, to);
  }
  return g;
}

/** Strongly connected components of more than one file (Tarjan), each sorted. */
function circles(g: Map<string, Set<string>>): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of g.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const comp: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1) out.push(comp.sort());
    }
  };
  for (const v of g.keys()) if (!idx.has(v)) visit(v);
  return out;
}

const files = sourceFiles();
const g = graph(files);
const found: string[] = [];
for (const c of circles(g)) found.push(`circle: ${c.join(" <-> ")}`);
for (const [from, tos] of g)
  for (const to of tos)
    for (const r of RULES)
      if (r.from.test(from) && r.to.test(to) && !r.allow?.test(from)) found.push(`${r.name}: ${from} -> ${to}`);
found.sort();

if (process.argv.includes("--baseline")) {
  writeFileSync(BASELINE, `${JSON.stringify(found, null, 2)}\n`);
  console.log(`import check: baseline written (${found.length} known violations)`);
  process.exit(0);
}
const baseline = new Set<string>(existsSync(BASELINE) ? JSON.parse(readFileSync(BASELINE, "utf8")) : []);
const fresh = found.filter((v) => !baseline.has(v));
const gone = [...baseline].filter((v) => !found.includes(v));
for (const v of fresh) {
  const rule = RULES.find((r) => v.startsWith(`${r.name}:`));
  console.error(`import check: ${v}${rule ? `  (${rule.why})` : "  (no file may take part in an import circle)"}`);
}
for (const v of gone) console.error(`import check: fixed, delete it from scripts/import-rules-baseline.json: ${v}`);
if (fresh.length || gone.length) process.exit(1);
console.log(`import check: ${g.size} files, no circle, no import against the layers (${baseline.size} known debts in scripts/import-rules-baseline.json)`);
