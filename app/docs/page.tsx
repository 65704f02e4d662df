import { buildOpenApiDocument } from "@/server/api/openapi";

export const dynamic = "force-dynamic";

type Json = Record<string, unknown>;
type Op = Json & { operationId: string; summary?: string; description?: string; tags?: string[]; parameters?: Json[]; requestBody?: Json; responses?: Record<string, Json>; deprecated?: boolean; security?: Json[] };

function schemaOf(media: unknown): unknown {
  return (media as { content?: Record<string, { schema?: unknown }> } | undefined)?.content
    ? Object.values((media as { content: Record<string, { schema?: unknown }> }).content)[0]?.schema
    : undefined;
}

// GET /docs – the human API reference, rendered from /openapi.json
export default function DocsPage() {
  const doc = buildOpenApiDocument() as Json & { paths: Record<string, Record<string, Op>>; info: Json; components: Json };
  const ops = Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op })));
  const tags = [...new Set(ops.map((o) => o.op.tags?.[0] ?? "Other"))];
  return (
    <main className="wrap">
      <h1>Forma API reference</h1>
      <p className="muted">Version {String(doc.info.version)} · <a href="/openapi.json">openapi.json</a> · <a href="/llms.txt">llms.txt</a></p>
      <div className="card">
        <p>{String(doc.info.description)}</p>
        <p>Authenticate with <code>X-Api-Key: &lt;key&gt;</code>. Example:</p>
        <pre>curl -H &quot;X-Api-Key: $FORMA_KEY&quot; {String((doc.servers as Json[] | undefined)?.[0]?.url ?? "")}/v1/workouts/metadata</pre>
      </div>
      <nav className="toc card">
        {tags.map((t) => (
          <a key={t} href={`#${t}`}>{t}</a>
        ))}
      </nav>
      {tags.map((tag) => (
        <section key={tag} id={tag}>
          <h2>{tag}</h2>
          {ops
            .filter((o) => (o.op.tags?.[0] ?? "Other") === tag)
            .map(({ path, method, op }) => (
              <article className="card" key={op.operationId} id={op.operationId}>
                <h3>
                  <span className={`method method-${method}`}>{method.toUpperCase()}</span> <code>{path}</code>
                  {op.deprecated ? <span className="muted"> (deprecated)</span> : null}
                </h3>
                <p>
                  <strong>{op.summary}</strong> <span className="muted">· {op.operationId} · auth: {(op.security ?? []).map((s) => Object.keys(s)[0]).join(" or ") || "none"}</span>
                </p>
                {op.description ? <p style={{ whiteSpace: "pre-wrap" }}>{op.description}</p> : null}
                {op.parameters?.length ? (
                  <table>
                    <thead><tr><th>Parameter</th><th>In</th><th>Required</th><th>Description</th></tr></thead>
                    <tbody>
                      {op.parameters.map((p) => (
                        <tr key={`${p.in}-${p.name}`}>
                          <td><code>{String(p.name)}</code></td><td>{String(p.in)}</td><td>{p.required ? "yes" : "no"}</td>
                          <td>{String(p.description ?? (p.schema as Json | undefined)?.description ?? "")}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                ) : null}
                {op.requestBody ? (
                  <details><summary>Request body</summary><pre>{JSON.stringify(schemaOf(op.requestBody), null, 2)}</pre></details>
                ) : null}
                <details>
                  <summary>Responses: {Object.keys(op.responses ?? {}).join(", ")}</summary>
                  {Object.entries(op.responses ?? {}).map(([status, r]) => (
                    <div key={status}>
                      <p><strong>{status}</strong> {String(r.description ?? "")}</p>
                      {schemaOf(r) && status.startsWith("2") ? <pre>{JSON.stringify(schemaOf(r), null, 2)}</pre> : null}
                    </div>
                  ))}
                </details>
              </article>
            ))}
        </section>
      ))}
      <section className="card">
        <h2>Schemas</h2>
        <pre>{JSON.stringify((doc.components as Json).schemas ?? {}, null, 2)}</pre>
      </section>
    </main>
  );
}
