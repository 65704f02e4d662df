/**
 * Test support: walks the request side of an OpenAPI document (path and query parameters,
 * request bodies), following `$ref`s into components, and calls `visit` for every schema node
 * with a readable location.
 */
export type JsonSchema = Record<string, any>;

export function resolveRef(doc: JsonSchema, schema: JsonSchema): JsonSchema {
  let s = schema;
  for (let i = 0; s && typeof s.$ref === "string" && i < 20; i++) {
    s = s.$ref.replace(/^#\//, "").split("/").reduce((node: JsonSchema, key: string) => node?.[key.replace(/~1/g, "/").replace(/~0/g, "~")], doc);
  }
  return s;
}

export function walkSchema(doc: JsonSchema, schema: JsonSchema, where: string, visit: (s: JsonSchema, where: string) => void, seen = new Set<JsonSchema>()): void {
  const s = resolveRef(doc, schema);
  if (!s || typeof s !== "object" || seen.has(s)) return;
  seen.add(s);
  visit(s, where);
  for (const [k, sub] of Object.entries((s.properties ?? {}) as Record<string, JsonSchema>)) walkSchema(doc, sub, `${where}.${k}`, visit, seen);
  if (s.items) walkSchema(doc, s.items, `${where}[]`, visit, seen);
  if (s.additionalProperties && typeof s.additionalProperties === "object") walkSchema(doc, s.additionalProperties, `${where}{}`, visit, seen);
  for (const key of ["anyOf", "oneOf", "allOf"] as const) {
    for (const [i, sub] of ((s[key] ?? []) as JsonSchema[]).entries()) walkSchema(doc, sub, `${where}|${key}${i}`, visit, seen);
  }
  seen.delete(s);
}

export interface DocOperation {
  path: string;
  method: string;
  op: JsonSchema;
}

export function operationsOf(doc: JsonSchema): DocOperation[] {
  const out: DocOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths as Record<string, JsonSchema>)) {
    for (const [method, op] of Object.entries(item)) if (["get", "post", "put", "patch", "delete"].includes(method)) out.push({ path, method, op });
  }
  return out;
}

/** Every request-side schema node of every operation. */
export function walkRequests(doc: JsonSchema, visit: (s: JsonSchema, where: string) => void): void {
  for (const { path, method, op } of operationsOf(doc)) {
    const at = `${method.toUpperCase()} ${path}`;
    for (const p of op.parameters ?? []) walkSchema(doc, p.schema, `${at} ${p.in}:${p.name}`, visit);
    const body = op.requestBody?.content?.["application/json"]?.schema;
    if (body) walkSchema(doc, body, `${at} body`, visit);
  }
}

export const typesOf = (s: JsonSchema): string[] => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []);
