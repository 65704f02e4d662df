export const dynamic = "force-dynamic";

// GET /console – the team console (workspace overview)
export default function ConsolePage() {
  return (
    <main className="wrap">
      <h1>Forma console</h1>
      <p className="muted">The team workspace: content, members and automations.</p>
      <p>
        Use the <a href="/docs">API reference</a> with the demo key printed at start-up.
      </p>
    </main>
  );
}
