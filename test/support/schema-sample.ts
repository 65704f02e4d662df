import fc from "fast-check";
import { type JsonSchema, resolveRef, typesOf } from "./openapi-walk";

/**
 * Test support: builds values that are valid according to the OpenAPI document's JSON Schemas,
 * the way a client generated from /openapi.json would. `minimal` fills only what is required
 * (object-level `anyOf` or `oneOf` of required sets counts: its first set is added), `full` fills
 * every property (but one set of a `oneOf`). Arrays with `uniqueItems` get distinct items. Strings honour const, enum, format, pattern and length; numbers their bounds; arrays
 * minItems. `known` supplies realistic values by property or parameter name (ids of a seeded
 * organization), used when they satisfy the schema.
 */
export interface SampleOptions {
  mode: "minimal" | "full";
  known?: Record<string, unknown>;
}

const today = () => new Date().toISOString().slice(0, 10);

function fits(s: JsonSchema, value: string): boolean {
  if (s.minLength !== undefined && value.length < s.minLength) return false;
  if (s.maxLength !== undefined && value.length > s.maxLength) return false;
  if (s.pattern && !new RegExp(s.pattern, "u").test(value)) return false;
  return true;
}

function sampleString(s: JsonSchema, name: string | undefined, known: Record<string, unknown>): string {
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  const byName = name !== undefined ? known[name] : undefined;
  if (typeof byName === "string" && fits(s, byName)) return byName;
  const candidates: string[] = [];
  for (const example of [s.example, ...(Array.isArray(s.examples) ? s.examples : [])]) if (typeof example === "string") candidates.push(example);
  if (s.format === "date") candidates.push(today());
  if (s.format === "date-time") candidates.push(new Date(Date.now() - 60_000).toISOString());
  if (s.format === "email") candidates.push("someone@example.com");
  if (s.format === "uri" || s.format === "url") candidates.push("https://example.com/");
  candidates.push("a".repeat(Math.max(1, s.minLength ?? 1)), "0123456789abcdef01234567");
  for (const c of candidates) if (fits(s, c)) return c;
  const arb = s.pattern ? fc.stringMatching(new RegExp(s.pattern)) : fc.string({ minLength: s.minLength ?? 1, maxLength: s.maxLength ?? 20 });
  const [value] = fc.sample(
    arb.filter((v) => fits(s, v)),
    { numRuns: 1, seed: 42 },
  );
  return value!;
}

function sampleNumber(s: JsonSchema, integer: boolean): number {
  const step = integer ? 1 : 0.5;
  let low = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + step : Number.MIN_SAFE_INTEGER);
  const high = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - step : Number.MAX_SAFE_INTEGER);
  if (integer) low = Math.ceil(low);
  return Math.min(Math.max(1, low), high); // 1 when allowed, else the nearest bound
}

export function sampleValue(doc: JsonSchema, schema: JsonSchema, opts: SampleOptions, name?: string, depth = 0): unknown {
  const s = resolveRef(doc, schema);
  const known = opts.known ?? {};
  if (!s || depth > 12) return null;
  if (name !== undefined && known[name] !== undefined && typeof known[name] !== "string") return known[name];
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  // allOf of whole schemas merges their samples; an object's allOf of conditionals (if/then/else) is applied below.
  if (s.allOf && !s.properties) return Object.assign({}, ...s.allOf.map((sub: JsonSchema) => sampleValue(doc, sub, opts, name, depth + 1)));
  const branches: JsonSchema[] | undefined = (requiredSets(s.oneOf) ? undefined : (s.oneOf ?? (typesOf(s).length ? undefined : s.anyOf))) as
    | JsonSchema[]
    | undefined;
  if (branches?.length) {
    const nonNull = branches.find((b) => !typesOf(resolveRef(doc, b)).every((t) => t === "null")) ?? branches[0]!;
    return sampleValue(doc, { ...s, oneOf: undefined, anyOf: undefined, ...resolveRef(doc, nonNull) }, opts, name, depth + 1);
  }
  const type = typesOf(s).find((t) => t !== "null") ?? (s.properties ? "object" : "string");
  switch (type) {
    case "object": {
      const out: Record<string, unknown> = {};
      const props = (s.properties ?? {}) as Record<string, JsonSchema>;
      const required = new Set<string>(s.required ?? []);
      const firstSet = (s.anyOf as JsonSchema[] | undefined)?.find((a) => Array.isArray(a.required));
      for (const k of firstSet?.required ?? []) required.add(k);
      // `oneOf` of required sets (exactly one of these fields): the first set, and no field of the others.
      const [chosen = [], ...others] = requiredSets(s.oneOf) ?? [];
      for (const k of chosen) required.add(k);
      const refused = new Set(others.flat().filter((k) => !chosen.includes(k)));
      for (const [k, sub] of Object.entries(props)) {
        if ((opts.mode === "full" && !refused.has(k)) || required.has(k)) out[k] = sampleValue(doc, sub, opts, k, depth + 1);
      }
      // `if`/`then`/`else` (fields required, constrained or refused depending on another's value): follow the branch that applies.
      for (const cond of (s.allOf ?? []) as JsonSchema[]) {
        if (!cond.if) continue;
        const ifProps = (cond.if.properties ?? {}) as Record<string, JsonSchema>;
        const holds = Object.entries(ifProps).every(([k, sub]) => sub.const === undefined || out[k] === sub.const);
        const branch = (holds ? cond.then : cond.else) as JsonSchema | undefined;
        if (branch) applyRule(doc, out, props, required, branch, opts, depth);
      }
      // `not: { required: [a, b] }` (fields that exclude each other): leave the last one out.
      const excluded = (s.not?.required ?? []) as string[];
      if (excluded.length && excluded.every((k) => k in out)) {
        const drop = [...excluded].reverse().find((k) => !required.has(k));
        if (drop) delete out[drop];
      }
      return out;
    }
    case "array": {
      const n = Math.max(s.minItems ?? 0, opts.mode === "full" && (s.maxItems ?? 1) >= 1 ? 1 : 0);
      const itemName = name && known[`${name}[]`] !== undefined ? `${name}[]` : name;
      const items = resolveRef(doc, s.items ?? {});
      if (s.uniqueItems && Array.isArray(items?.enum)) return items.enum.slice(0, n);
      return Array.from({ length: n }, () => sampleValue(doc, s.items ?? {}, opts, itemName, depth + 1));
    }
    case "integer":
      return sampleNumber(s, true);
    case "number":
      return sampleNumber(s, false);
    case "boolean":
      return false;
    default:
      return sampleString(s, name, known);
  }
}

/**
 * Makes `out` satisfy an object-level rule made of `required`, `properties` (narrowing a field:
 * `const`, `type`, `minItems`, `pattern`), `allOf`, `anyOf` (the first alternative when none holds)
 * and `not: { required }` (leaves out a field that is not required).
 */
function applyRule(
  doc: JsonSchema,
  out: Record<string, unknown>,
  props: Record<string, JsonSchema>,
  required: Set<string>,
  rule: JsonSchema,
  opts: SampleOptions,
  depth: number,
) {
  const narrowed = (k: string) => sampleValue(doc, narrow(doc, props[k]!, rule.properties?.[k]), opts, k, depth + 1);
  for (const k of (rule.required ?? []) as string[]) if (!(k in out) && props[k]) out[k] = narrowed(k);
  for (const [k, extra] of Object.entries((rule.properties ?? {}) as Record<string, JsonSchema>)) {
    if (k in out && props[k] && !meets(out[k], extra)) out[k] = narrowed(k);
  }
  for (const sub of (rule.allOf ?? []) as JsonSchema[]) applyRule(doc, out, props, required, sub, opts, depth);
  const alternatives = (rule.anyOf ?? []) as JsonSchema[];
  if (alternatives.length && !alternatives.some((a) => holdsRule(out, a))) applyRule(doc, out, props, required, alternatives[0]!, opts, depth);
  for (const k of (rule.not?.required ?? []) as string[]) if (!required.has(k) && !rule.not.properties) delete out[k];
  if (rule.not?.required && rule.not.properties && holdsRule(out, rule.not)) {
    for (const k of rule.not.required as string[]) if (!required.has(k)) delete out[k];
  }
}

/** Whether `out` satisfies a rule of `required` fields and narrowed `properties`. */
function holdsRule(out: Record<string, unknown>, rule: JsonSchema): boolean {
  if (((rule.required ?? []) as string[]).some((k) => !(k in out))) return false;
  return Object.entries((rule.properties ?? {}) as Record<string, JsonSchema>).every(([k, extra]) => !(k in out) || meets(out[k], extra));
}

function meets(value: unknown, s: JsonSchema): boolean {
  if (s.const !== undefined && value !== s.const) return false;
  if (s.type === "string" && typeof value !== "string") return false;
  if (s.not?.type === "null" && value === null) return false;
  if (s.minItems !== undefined && (!Array.isArray(value) || value.length < s.minItems)) return false;
  if (s.pattern && (typeof value !== "string" || !new RegExp(s.pattern, "u").test(value))) return false;
  return true;
}

/** A field's schema with a rule's narrowing applied: the `anyOf` branch of the narrowed type (or not null), then the extra keywords. */
function narrow(doc: JsonSchema, base: JsonSchema, extra: JsonSchema | undefined): JsonSchema {
  let s = resolveRef(doc, base);
  if (!extra) return s;
  const { not, ...rest } = extra;
  const options = (s.anyOf ?? s.oneOf) as JsonSchema[] | undefined;
  const wanted = (o: JsonSchema) => (rest.type ? typesOf(o).includes(rest.type) : not?.type === "null" ? !typesOf(o).every((t) => t === "null") : false);
  const match = options?.map((o) => resolveRef(doc, o)).find(wanted);
  if (match) s = { ...match, ...(s.description ? { description: s.description } : {}) };
  return { ...s, ...rest };
}

/** The field sets of a `oneOf`/`anyOf` whose branches only list required fields (object-level rules), else null. */
function requiredSets(list: unknown): string[][] | null {
  if (!Array.isArray(list) || list.length === 0) return null;
  const sets = list.map((b: JsonSchema) => (b && Object.keys(b).length === 1 && Array.isArray(b.required) ? (b.required as string[]) : null));
  return sets.every((x) => x !== null) ? (sets as string[][]) : null;
}

/** Where each string of a sampled value sits, as paths of keys and indexes. */
export function stringPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === "string") return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringPaths(v, [...path, i]));
  if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => stringPaths(v, [...path, k]));
  return [];
}

/** A copy of `value` with the string at `path` replaced. */
export function withStringAt(value: unknown, path: (string | number)[], replacement: string): unknown {
  if (path.length === 0) return replacement;
  const copy: any = Array.isArray(value) ? [...value] : { ...(value as object) };
  copy[path[0]!] = withStringAt(copy[path[0]!], path.slice(1), replacement);
  return copy;
}
