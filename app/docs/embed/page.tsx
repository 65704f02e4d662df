import { CodeBlock } from "@/components/ui/code-block";
import { ScrollRegion } from "@/components/ui/scroll-region";
import type { Metadata } from "next";
import { z } from "zod";
import {
  Completed,
  ControlAction,
  EmbedInit,
  HostControl,
  HostImmersive,
  OrientationToggle,
  Paused,
  PlaybackState,
  PlayerErrorMessage,
  PlayerReady,
  Progress,
  SegmentCompleted,
  SegmentStarted,
  WorkoutFinished,
} from "@/components/player/messages";
import { publicBaseUrl } from "@/server/env";
import { CaptionsAndStreaming } from "./captions-and-streaming";

export const metadata: Metadata = { title: "Embedding players and hosted pages · Forma" };
export const dynamic = "force-dynamic";

const MESSAGES: { schema: z.ZodType; direction: "host → player" | "player → host"; what: string }[] = [
  {
    schema: EmbedInit,
    direction: "host → player",
    what: "JSON receiver only. The workout JSON a generate or adapt call answered, and the API key the player sends as X-Api-Key. Nothing is fetched until a non-empty apiKey arrives; a later init replaces the workout. Extra keys are ignored; sessionMode is ignored.",
  },
  {
    schema: HostImmersive,
    direction: "host → player",
    what: "The host shows the player immersively (full screen, rotated); the player trims its own chrome. Send immersive: false to undo.",
  },
  { schema: HostControl, direction: "host → player", what: `Drive playback like the cast controller: ${ControlAction.options.join(", ")}.` },
  { schema: PlayerReady, direction: "player → host", what: "The player has loaded and listens for messages (send FORMA_EMBED_INIT after this)." },
  { schema: OrientationToggle, direction: "player → host", what: "The member pressed the rotate button: rotate or resize the iframe's container." },
  { schema: PlaybackState, direction: "player → host", what: "Playback moved (start, segment change, pause, resume, finish); not sent on every clock tick." },
  {
    schema: WorkoutFinished,
    direction: "player → host",
    what: "The workout finished: complete (all parts or done) or end (the member stopped early). sessionId is set when the embed recorded a session.",
  },
  {
    schema: PlayerErrorMessage,
    direction: "player → host",
    what: "Something failed (key or token refused: token_expired, token_revoked; workout or media not found, rate limited, malformed host message); the player shows the same message to the member.",
  },
  {
    schema: SegmentStarted,
    direction: "player → host",
    what: "A segment started (index, kind, exerciseId for exercises, planned durationSeconds); again after previous or restart.",
  },
  {
    schema: SegmentCompleted,
    direction: "player → host",
    what: "The member left the segment (it ran out, or was skipped); playedSeconds says how much of it played.",
  },
  { schema: Progress, direction: "player → host", what: "The position while playing, at most once a second (none while paused)." },
  { schema: Paused, direction: "player → host", what: "Playback paused (by the member or a FORMA_CONTROL pause)." },
  { schema: Completed, direction: "player → host", what: "The workout is over (complete or end), with planned against played seconds per segment in summary." },
];

const typeOf = (schema: z.ZodType) => ((schema as z.ZodObject).shape.type as z.ZodLiteral<string>).value;

// GET /docs/embed – how to embed the players and link the hosted library pages
export default function EmbedDocsPage() {
  const base = publicBaseUrl();
  const iframe = `<div style="position:fixed; inset:0; width:100vw; height:100dvh; background:#000">
  <iframe
    src="${base}/embed/workout/<workoutId>?organizationId=<organizationId>&apiKey=<API_KEY>&sessionMode=true&endUserId=<endUserId>"
    title="Workout player"
    allow="autoplay; fullscreen; accelerometer; gyroscope"
    allowfullscreen
    style="width:100%; height:100%; border:0"></iframe>
</div>`;
  const receiver = `<iframe id="player" src="${base}/embed/workout-json-receiver?organizationId=<organizationId>"
  allow="autoplay; fullscreen; accelerometer; gyroscope" allowfullscreen style="width:100%; height:100%; border:0"></iframe>
<script type="module">
  const player = document.getElementById("player");
  const workout = await (await fetch("/my-backend/generated-workout")).json(); // POST .../workouts/generate, done by your server
  window.addEventListener("message", (event) => {
    if (event.source !== player.contentWindow || typeof event.data?.type !== "string" || !event.data.type.startsWith("FORMA_")) return;
    if (event.data.type === "FORMA_READY") player.contentWindow.postMessage({ type: "FORMA_EMBED_INIT", workout, apiKey: "<API_KEY>" }, "${base}");
    if (event.data.type === "FORMA_ORIENTATION_TOGGLE") document.body.classList.toggle("landscape");
    if (event.data.type === "FORMA_ERROR") console.warn("Forma player:", event.data.code, event.data.message);
  });
</script>`;
  const curl = `curl -s -X POST ${base}/v1/orgs/<organizationId>/embed-tokens \\
  -H "X-Api-Key: $FORMA_API_KEY" -H "Content-Type: application/json" \\
  -d '{"workoutId":"<workoutId>","endUserId":"<endUserId>","ttlSeconds":3600,"allowedOrigins":["https://app.example.com"]}'
# 201 {"data":{"id":"…","token":"eyJ…","expiresAt":"…","embedUrl":"${base}/embed/workout/<workoutId>?token=eyJ…", …}}
# revoke: curl -X DELETE ${base}/v1/orgs/<organizationId>/embed-tokens/<id> -H "X-Api-Key: $FORMA_API_KEY"   (204)`;
  const node = `// On your server (Node 18+): never mint in the browser, it needs the team key.
app.get("/workout-player/:workoutId", async (req, res) => {
  const r = await fetch("${base}/v1/orgs/" + process.env.FORMA_ORG_ID + "/embed-tokens", {
    method: "POST",
    headers: { "X-Api-Key": process.env.FORMA_API_KEY, "Content-Type": "application/json" },
    body: JSON.stringify({ workoutId: req.params.workoutId, endUserId: req.user.formaId, ttlSeconds: 3600, allowedOrigins: ["https://app.example.com"] }),
  });
  if (r.status !== 201) return res.status(502).end();
  const { data } = await r.json();
  res.render("player", { src: data.embedUrl }); // <iframe src="{{src}}" …>
});`;
  const python = `import os, requests

def embed_url(workout_id: str, member_id: str) -> str:
    r = requests.post(
        f"${base}/v1/orgs/{os.environ['FORMA_ORG_ID']}/embed-tokens",
        headers={"X-Api-Key": os.environ["FORMA_API_KEY"]},
        json={"workoutId": workout_id, "endUserId": member_id, "ttlSeconds": 3600, "allowedOrigins": ["https://app.example.com"]},
        timeout=10,
    )
    r.raise_for_status()
    return r.json()["data"]["embedUrl"]`;
  const events = `<iframe id="player" src="<embedUrl>" title="Workout player" allow="autoplay; fullscreen" allowfullscreen></iframe>
<p id="status" aria-live="polite"></p>
<script type="module">
  // Typed client users: import { PlayerMessage } from "lib/api/events" and PlayerMessage.safeParse(event.data).
  const player = document.getElementById("player");
  const status = document.getElementById("status");
  window.addEventListener("message", (event) => {
    if (event.source !== player.contentWindow || event.data?.version !== 1) return;
    const m = event.data;
    switch (m.type) {
      case "FORMA_READY": status.textContent = "Ready"; break;
      case "FORMA_SEGMENT_STARTED": status.textContent = \`Part \${m.index + 1}: \${m.kind}\`; break;
      case "FORMA_PROGRESS": /* at most once a second */ updateBar(m.playedSeconds); break;
      case "FORMA_PAUSED": status.textContent = "Paused"; break;
      case "FORMA_COMPLETED": saveResult(m.summary.filter((s) => s.completed).length, m.summary.length); break;
      case "FORMA_ERROR": if (m.code === "token_expired") location.reload(); /* your server mints a new token */ break;
    }
  });
</script>`;
  return (
    <main className="wrap">
      <p className="muted">
        <a href="/docs">API reference</a> · Embedding
      </p>
      <h1>Embedding players and hosted pages</h1>

      <section className="card">
        <h2>Players (iframe only)</h2>
        <p>
          Both players run only inside an <code>&lt;iframe&gt;</code>; opened top level they show a short explanation instead. Give the iframe the permissions
          below and a full-viewport container, so portrait phones get the whole screen:
        </p>
        <CodeBlock>{iframe}</CodeBlock>
        <ul>
          <li>
            <code>/embed/workout/&lt;workoutId&gt;?organizationId=&amp;apiKey=</code> plays a stored workout (workout, playlist and music through /v1).
            Optional: <code>locale</code> (content and instruction audio, with the API&apos;s fallback to the same language, then English),{" "}
            <code>endUserId</code> (attributes the session to that member, id or email) and <code>sessionMode</code> (<code>true</code> records a workout
            session: start, PATCH every 15 s and on pause, segment change and when hidden, then complete or end; the completion screen then offers the feedback
            form; <code>false</code> turns recording off even with an endUserId).
          </li>
          <li>
            <code>/embed/workout-json-receiver?organizationId=</code> plays the JSON of <code>POST /v1/orgs/&#123;organizationId&#125;/workouts/generate</code>{" "}
            or <code>.../adapt</code>, sent by the host in <code>FORMA_EMBED_INIT</code>. It resolves each exercise through{" "}
            <code>GET /v1/video-asset/&#123;id&#125;</code>, plays at most 3 spoken instruction clips per exercise, and has no background music, sessions or
            feedback.
          </li>
          <li>
            The key is sent only as <code>X-Api-Key</code>; the workout player removes <code>apiKey</code> from its address as soon as it starts, and the player
            pages are served with <code>Referrer-Policy: no-referrer</code>, so the key never travels as a Referer. Every call counts against the key (weight
            1).
          </li>
          <li>
            Keyboard: Space pauses and resumes, the arrow keys move between parts, M switches the music (music off pauses it); every control is also a named
            button.
          </li>
        </ul>
      </section>

      <CaptionsAndStreaming />
      <section className="card" id="embed-tokens">
        <h2>Embed tokens (instead of a key in the address)</h2>
        <p>
          Your server mints a short-lived signed token for one workout (or plan) and, optionally, one member, and puts the answer&apos;s <code>embedUrl</code> (
          <code>/embed/workout/&lt;workoutId&gt;?token=…</code>) in the iframe. The token plays only that content, records sessions and feedback only for its{" "}
          <code>endUserId</code> (none without one), and the player page may be framed only by its <code>allowedOrigins</code> (the page&apos;s CSP{" "}
          <code>frame-ancestors</code>). After <code>expiresAt</code> (<code>ttlSeconds</code>: 60 to 86,400) or{" "}
          <code>DELETE /v1/orgs/&#123;organizationId&#125;/embed-tokens/&#123;embedId&#125;</code> the player shows why it cannot play and posts{" "}
          <code>FORMA_ERROR</code> with code <code>token_expired</code> or <code>token_revoked</code>. <code>apiKey=</code> keeps working as before.
        </p>
        <h3>curl</h3>
        <CodeBlock>{curl}</CodeBlock>
        <h3>Node</h3>
        <CodeBlock>{node}</CodeBlock>
        <h3>Python</h3>
        <CodeBlock>{python}</CodeBlock>
      </section>

      <section className="card">
        <h2>Messages</h2>
        <p>
          Host and player talk only with <code>window.postMessage</code> objects whose <code>type</code> starts with <code>FORMA_</code>. The player accepts
          messages from its parent window only, validates them, ignores unknown ones (and answers a malformed known one with <code>FORMA_ERROR</code> code{" "}
          <code>invalid_message</code>), and never puts the key in a message it sends.
        </p>
        <ScrollRegion label="Messages">
          <table>
            <thead>
              <tr>
                <th>type</th>
                <th>Direction</th>
                <th>Meaning</th>
              </tr>
            </thead>
            <tbody>
              {MESSAGES.map((m) => (
                <tr key={typeOf(m.schema)} id={typeOf(m.schema)}>
                  <td>
                    <code>{typeOf(m.schema)}</code>
                    <details>
                      <summary>schema</summary>
                      <CodeBlock>{JSON.stringify(z.toJSONSchema(m.schema, { io: "input", unrepresentable: "any" }), null, 2)}</CodeBlock>
                    </details>
                  </td>
                  <td>{m.direction}</td>
                  <td>{m.what}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
        <h3>A host for the JSON receiver</h3>
        <CodeBlock>{receiver}</CodeBlock>
        <h3>Playback events on the host page (version 1)</h3>
        <p>
          Every player-to-host message carries <code>version: 1</code>. Events arrive in order: <code>FORMA_READY</code>, then per segment{" "}
          <code>FORMA_SEGMENT_STARTED</code> … <code>FORMA_PROGRESS</code> (at most once a second) … <code>FORMA_SEGMENT_COMPLETED</code>,{" "}
          <code>FORMA_PAUSED</code> when paused, and <code>FORMA_COMPLETED</code> at the end. The zod schemas and types are exported with the typed client (
          <code>lib/api/events.ts</code>).
        </p>
        <CodeBlock>{events}</CodeBlock>
      </section>

      <section className="card">
        <h2>Hosted library pages</h2>
        <p>
          <code>{base}/workouts?orgId=&lt;organizationId&gt;</code> and <code>{base}/plans?orgId=&lt;organizationId&gt;</code> show an organization&apos;s
          published public workouts and plans. They render on the server (indexable, usable without JavaScript), then become interactive. Flags:
        </p>
        <ScrollRegion label="Hosted page flags">
          <table>
            <thead>
              <tr>
                <th>Flag</th>
                <th>Values</th>
                <th>Default</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td>
                  <code>showSearch</code>, <code>showFilters</code>, <code>showDuration</code>, <code>showDifficulty</code>
                </td>
                <td>true / false (also 1 / 0)</td>
                <td>true</td>
              </tr>
              <tr>
                <td>
                  <code>gridCols</code>
                </td>
                <td>2, 3 or 4 columns on wide screens (one on phones); anything else is 3</td>
                <td>3</td>
              </tr>
              <tr>
                <td>
                  <code>playbackMode</code>
                </td>
                <td>
                  <code>overlay</code> (the player opens over the grid) or <code>dedicated-page</code> (a card opens <code>/workouts/&lt;id&gt;?orgId=</code>)
                </td>
                <td>overlay</td>
              </tr>
              <tr>
                <td>
                  <code>locale</code>
                </td>
                <td>BCP-47; the API&apos;s read fallback (same language, then English)</td>
                <td>en-US</td>
              </tr>
            </tbody>
          </table>
        </ScrollRegion>
        <p>
          Filters (workouts): <code>q</code>, <code>difficulty</code>, <code>duration</code> (minutes, <code>15-30</code>, <code>45-</code>),{" "}
          <code>categoryIds</code>, <code>equipmentIds</code> (comma lists); plans: <code>q</code> and <code>difficulty</code>. Cards carry{" "}
          <code>data-workout-id</code> and <code>data-plan-id</code>.
        </p>
        <h3>Member sign-in</h3>
        <p>
          To open a member&apos;s own library (private workouts assigned to them, their plans and their active plan&apos;s progress), link to{" "}
          <code>{base}/workouts?orgId=&lt;organizationId&gt;#memberToken=&lt;member access token&gt;</code>. The token stays in the fragment (never sent to a
          server or in a Referer); the page exchanges it once for an HTTP-only, SameSite=Lax cookie valid for 12 hours and removes it from the address.{" "}
          <code>/sign-in?orgId=</code> offers the same exchange as a form.
        </p>
      </section>
    </main>
  );
}
