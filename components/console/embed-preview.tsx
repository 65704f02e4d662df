"use client";

import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";

/**
 * Preview in the embed player: the hosted player (`/embed/workout/{id}`) in an iframe, exactly as
 * a partner embeds it. The player calls the API with a key, so the trainer pastes one of the
 * workspace's keys (kept in this tab only; keys are stored hashed, so the console cannot fill one in).
 */
export function EmbedPreview({ orgId, workoutId, published }: { orgId: string; workoutId: string; published: boolean }) {
  const [key, setKey] = useState("");
  const [show, setShow] = useState(false);
  useEffect(() => setKey(sessionStorage.getItem("forma-preview-key") ?? ""), []);
  const src = `/embed/workout/${workoutId}?organizationId=${orgId}&apiKey=${encodeURIComponent(key)}`;
  return (
    <section aria-label="Embed preview" className="mt-6 rounded-xl border border-line bg-card p-4">
      <h2 className="text-lg font-semibold">Preview in the embed player</h2>
      {!published ? (
        <p className="mt-1 text-sm text-muted">Publish the workout to preview it: the player plays published workouts only.</p>
      ) : (
        <div className="mt-2 flex flex-col gap-3">
          <form
            className="flex flex-wrap items-end gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              sessionStorage.setItem("forma-preview-key", key);
              setShow(true);
            }}
          >
            <div className="min-w-64 flex-1">
              <Field label="API key for the player" hint="A team key of this workspace; kept in this browser tab only.">
                {(p) => <Input {...p} type="password" autoComplete="off" value={key} onChange={(e) => setKey(e.target.value)} />}
              </Field>
            </div>
            <Button type="submit" variant="secondary" disabled={!key}>
              Show preview
            </Button>
          </form>
          {show ? (
            <iframe
              title="Embed player preview"
              src={src}
              allow="autoplay; fullscreen; accelerometer; gyroscope"
              allowFullScreen
              className="aspect-video w-full rounded-lg border border-line bg-black"
            />
          ) : null}
        </div>
      )}
    </section>
  );
}
