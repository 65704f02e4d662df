import Link from "next/link";

// GET / – landing page pointing at the API reference and the console
export default function Home() {
  return (
    <main className="wrap">
      <h1>Forma</h1>
      <p className="muted">Fitness content and personalization platform.</p>
      <ul>
        <li><a href="/docs">API reference</a> (<a href="/openapi.json">openapi.json</a>, <a href="/llms.txt">llms.txt</a>)</li>
        <li><Link href="/console">Team console</Link></li>
        <li><a href="/health">Health</a></li>
      </ul>
    </main>
  );
}
