"use client";

import { useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field, Input, Select, Textarea } from "@/components/ui/field";
import { ConsoleApiError, consoleFetch, errorMessage } from "./api";
import { ClipPicker, type PickedClip } from "./clip-picker";
import { EmbedPreview } from "./embed-preview";
import { Badge, ConfirmButton, FormMessage, PageHeader, formatDuration } from "./widgets";

type Pace = "slow" | "moderate" | "fast" | "explosive";
export type Segment =
  | { kind: "intro" | "outro"; videoAssetId: string }
  | {
      kind: "exercise";
      videoAssetId: string;
      workSeconds?: number;
      reps?: number;
      pace?: Pace | null;
      weightLevel?: "light" | "medium" | "heavy" | null;
      rpe?: number | null;
      amrap?: boolean;
      skipIntro?: boolean;
    }
  | { kind: "break"; seconds: number; imageKey?: string | null }
  | { kind: "class"; videoAssetId: string; name?: Record<string, string>; skipIntro?: boolean }
  | { kind: "multiExercise"; videoAssetId: string; exerciseIds: string[]; name?: Record<string, string> }
  | { kind: "promo" | "educational"; videoAssetId: string; name?: Record<string, string> };

export interface WorkoutFormState {
  name: Record<string, string>;
  description: Record<string, string>;
  difficulty: string;
  visibility: string;
  categoryIds: string[];
  tags: string[];
  mixBgMusic: boolean;
  musicPoolIds: string[];
  skipWorkoutPreview: boolean;
  skipWorkoutCompletionScreen: boolean;
  videoAudioMode: string;
  segments: Segment[];
}

export interface ClipInfo {
  id: string;
  name: string;
  kind: string;
  thumbnailUrl: string | null;
  durationSeconds: number | null;
  stock: boolean;
}

export interface BuilderProps {
  orgId: string;
  workout: { id: string; status: "draft" | "published"; locked: boolean; duration: number; source: string } | null;
  initial: WorkoutFormState;
  clips: Record<string, ClipInfo>;
  categories: { id: string; name: string }[];
  pools: { id: string; name: string; tracks: number }[];
  /** A message from the step before (created, generated). */
  notice?: string;
}

const EMPTY_NOTE = "Add at least one entry: an exercise, a break, an intro or an outro.";
const CLIP_KIND: Record<string, string> = {
  intro: "workout-intro",
  outro: "workout-outro",
  exercise: "single-exercise",
  class: "class",
  promo: "promo",
  educational: "educational",
};
const KIND_LABEL: Record<string, string> = {
  intro: "Intro",
  outro: "Outro",
  exercise: "Exercise",
  break: "Break",
  class: "Class",
  multiExercise: "Multi-exercise",
  promo: "Promo",
  educational: "Educational",
};

function plannedSeconds(s: Segment, clips: Record<string, ClipInfo>): number {
  if (s.kind === "break") return s.seconds;
  if (s.kind === "exercise") return s.workSeconds ?? (s.reps ?? 0) * 3;
  return clips[s.videoAssetId]?.durationSeconds ?? 0;
}

/** The playlist builder: workout fields, flags, music pools and the ordered playlist of clips and breaks. */
export function WorkoutBuilder({ orgId, workout, initial, clips: initialClips, categories, pools, notice }: BuilderProps) {
  const router = useRouter();
  const qc = useQueryClient();
  const [form, setForm] = useState<WorkoutFormState>(initial);
  const [clips, setClips] = useState(initialClips);
  const [status, setStatus] = useState(workout?.status ?? "draft");
  const [picker, setPicker] = useState<{ kind: string; segmentKind: Segment["kind"] } | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ error?: string; success?: string }>({ success: notice });
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<WorkoutFormState>) => setForm((f) => ({ ...f, ...patch }));
  const setSegment = (i: number, patch: Partial<Segment>) => set({ segments: form.segments.map((s, j) => (j === i ? ({ ...s, ...patch } as Segment) : s)) });
  const move = (i: number, by: number) => {
    const next = [...form.segments];
    const [s] = next.splice(i, 1);
    next.splice(i + by, 0, s!);
    set({ segments: next });
  };
  const total = form.segments.reduce((sum, s) => sum + plannedSeconds(s, clips), 0);
  const err = (path: string) => fields[path] ?? null;

  const save = async (publish: boolean) => {
    setBusy(true);
    setFields({});
    setMessage({});
    const body = { ...form, description: form.description["en-US"]?.trim() ? form.description : undefined };
    try {
      if (!workout) {
        const created = await consoleFetch<{ id: string }>(`/api/console/orgs/${orgId}/workouts`, { method: "POST", body: { ...body, status: publish ? "published" : "draft" } });
        qc.invalidateQueries({ queryKey: ["library", orgId] });
        router.push(`/console/library/workouts/${created.id}?saved=${publish ? "published" : "draft"}`);
        return;
      }
      await consoleFetch(`/api/console/orgs/${orgId}/workouts/${workout.id}`, { method: "PUT", body });
      if (publish && status === "draft") {
        await consoleFetch(`/api/console/orgs/${orgId}/workouts/${workout.id}/publish`, { method: "POST" });
        setStatus("published");
      }
      qc.invalidateQueries({ queryKey: ["library", orgId] });
      setMessage({ success: publish ? "Saved and published." : "Saved." });
      router.refresh();
    } catch (e) {
      if (e instanceof ConsoleApiError) setFields(e.fields);
      setMessage({ error: errorMessage(e) });
    } finally {
      setBusy(false);
    }
  };

  const addPicked = (clip: PickedClip) => {
    if (!picker) return;
    setClips((c) => ({ ...c, [clip.id]: { id: clip.id, name: clip.name, kind: clip.kind, thumbnailUrl: clip.thumbnailUrl, durationSeconds: clip.durationSeconds, stock: clip.source === "stock" } }));
    const seg: Segment = picker.segmentKind === "exercise" ? { kind: "exercise", videoAssetId: clip.id, workSeconds: 40, pace: "moderate" } : ({ kind: picker.segmentKind, videoAssetId: clip.id } as Segment);
    const segments = [...form.segments];
    if (seg.kind === "intro") segments.unshift(seg);
    else if (seg.kind !== "outro" && segments.at(-1)?.kind === "outro") segments.splice(segments.length - 1, 0, seg);
    else segments.push(seg);
    set({ segments });
    setPicker(null);
  };

  return (
    <>
      <PageHeader
        title={workout ? `Edit: ${form.name["en-US"] || "workout"}` : "New workout"}
        description={
          <span className="flex flex-wrap items-center gap-2">
            {workout ? <Badge tone={status === "published" ? "good" : "warn"}>{status}</Badge> : null}
            <span>Planned length {formatDuration(Math.round(total))}</span>
            <Link href="/console/library">Back to the library</Link>
          </span>
        }
        actions={
          workout && status === "published" ? (
            <ConfirmButton
              label="Unpublish"
              title="Unpublish this workout?"
              confirmLabel="Unpublish"
              onConfirm={async () => {
                await consoleFetch(`/api/console/orgs/${orgId}/workouts/${workout.id}/unpublish`, { method: "POST" });
                setStatus("draft");
                qc.invalidateQueries({ queryKey: ["library", orgId] });
                setMessage({ success: "Unpublished: it left the API's lists and playback." });
              }}
            >
              It leaves the API's lists and stops playing for members at once. You can publish it again later.
            </ConfirmButton>
          ) : null
        }
      />
      {workout?.locked ? <p className="mb-4 rounded-lg border border-line bg-card p-3 text-sm">This is a locked template: it can be viewed, not edited.</p> : null}
      <form
        className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,1.3fr)]"
        onSubmit={(e) => {
          e.preventDefault();
          void save(false);
        }}
      >
        <section aria-label="Workout details" className="flex flex-col gap-4 rounded-xl border border-line bg-card p-4">
          <Field label="Name (English)" error={err("name") ?? err("name.en-US")}>
            {(p) => <Input {...p} value={form.name["en-US"] ?? ""} onChange={(e) => set({ name: { ...form.name, "en-US": e.target.value } })} />}
          </Field>
          <Field label="Description (English)" error={err("description")}>
            {(p) => <Textarea {...p} value={form.description["en-US"] ?? ""} onChange={(e) => set({ description: { ...form.description, "en-US": e.target.value } })} />}
          </Field>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <Field label="Difficulty" error={err("difficulty")}>
              {(p) => (
                <Select {...p} value={form.difficulty} onChange={(e) => set({ difficulty: e.target.value })}>
                  <option value="beginner">Beginner</option>
                  <option value="intermediate">Intermediate</option>
                  <option value="advanced">Advanced</option>
                </Select>
              )}
            </Field>
            <Field label="Visibility" hint="Private workouts play only for members they are assigned to." error={err("visibility")}>
              {(p) => (
                <Select {...p} value={form.visibility} onChange={(e) => set({ visibility: e.target.value })}>
                  <option value="public">Public</option>
                  <option value="private">Private</option>
                </Select>
              )}
            </Field>
          </div>
          <fieldset>
            <legend className="text-sm font-medium">Categories</legend>
            <div className="mt-1 flex flex-wrap gap-2">
              {categories.map((c) => (
                <label key={c.id} className="flex items-center gap-1 rounded-full border border-line px-2 py-1 text-sm">
                  <input
                    type="checkbox"
                    checked={form.categoryIds.includes(c.id)}
                    onChange={(e) => set({ categoryIds: e.target.checked ? [...form.categoryIds, c.id] : form.categoryIds.filter((id) => id !== c.id) })}
                  />
                  {c.name}
                </label>
              ))}
            </div>
            {err("categoryIds") ? <p className="text-sm text-danger">{err("categoryIds")}</p> : null}
          </fieldset>
          <Field label="Tags" hint="Comma-separated; library search and filters only." error={err("tags")}>
            {(p) => (
              <Input
                {...p}
                value={form.tags.join(", ")}
                onChange={(e) =>
                  set({
                    tags: e.target.value
                      .split(",")
                      .map((t) => t.trim())
                      .filter(Boolean),
                  })
                }
              />
            )}
          </Field>
          <fieldset className="flex flex-col gap-2">
            <legend className="text-sm font-medium">Player</legend>
            {(
              [
                ["mixBgMusic", "Play background music"],
                ["skipWorkoutPreview", "Skip the workout preview"],
                ["skipWorkoutCompletionScreen", "Skip the completion screen"],
              ] as const
            ).map(([key, label]) => (
              <label key={key} className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={form[key]} onChange={(e) => set({ [key]: e.target.checked })} />
                {label}
              </label>
            ))}
            <Field label="Audio mix (videoAudioMode)" error={err("videoAudioMode")}>
              {(p) => (
                <Select {...p} value={form.videoAudioMode} onChange={(e) => set({ videoAudioMode: e.target.value })}>
                  <option value="full">Clip sound, voice-overs and music</option>
                  <option value="voice-and-music">Voice-overs and music (clips muted)</option>
                  <option value="music-only">Music only</option>
                  <option value="clip-only">Clip sound only</option>
                </Select>
              )}
            </Field>
          </fieldset>
          <fieldset disabled={!form.mixBgMusic}>
            <legend className="text-sm font-medium">Music pools</legend>
            <p className="text-xs text-muted">None chosen: the workspace's pools and the trainer's.</p>
            <div className="mt-1 flex flex-wrap gap-2">
              {pools.map((pool) => (
                <label key={pool.id} className="flex items-center gap-1 rounded-full border border-line px-2 py-1 text-sm">
                  <input
                    type="checkbox"
                    checked={form.musicPoolIds.includes(pool.id)}
                    onChange={(e) => set({ musicPoolIds: e.target.checked ? [...form.musicPoolIds, pool.id] : form.musicPoolIds.filter((id) => id !== pool.id) })}
                  />
                  {pool.name} <span className="text-xs text-muted">({pool.tracks})</span>
                </label>
              ))}
            </div>
            {err("musicPoolIds") ? <p className="text-sm text-danger">{err("musicPoolIds")}</p> : null}
          </fieldset>
        </section>

        <section aria-label="Playlist" className="flex flex-col gap-3 rounded-xl border border-line bg-card p-4">
          <h2 className="text-lg font-semibold">Playlist</h2>
          {err("segments") ? <p className="text-sm text-danger">{err("segments")}</p> : null}
          {form.segments.length === 0 ? <p className="text-sm text-muted">{EMPTY_NOTE}</p> : null}
          <ol className="flex flex-col gap-2">
            {form.segments.map((s, i) => {
              const clip = "videoAssetId" in s ? clips[s.videoAssetId] : undefined;
              const prefix = `segments.${i}`;
              const rowError = Object.entries(fields).find(([k]) => k === prefix || k.startsWith(`${prefix}.`))?.[1];
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: playlist entries have no id until saved; the order is the identity
                <li key={i} className="rounded-lg border border-line p-2" data-segment-kind={s.kind}>
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="w-6 text-right text-sm text-muted">{i + 1}</span>
                    <Badge>{KIND_LABEL[s.kind]}</Badge>
                    <span className="min-w-0 flex-1 truncate text-sm font-medium">{s.kind === "break" ? "Rest" : (clip?.name ?? "Clip")}</span>
                    {clip?.stock ? <Badge>stock</Badge> : null}
                    <span className="flex gap-1">
                      <Button size="sm" variant="ghost" aria-label={`Move entry ${i + 1} up`} disabled={i === 0} onClick={() => move(i, -1)}>
                        ↑
                      </Button>
                      <Button size="sm" variant="ghost" aria-label={`Move entry ${i + 1} down`} disabled={i === form.segments.length - 1} onClick={() => move(i, 1)}>
                        ↓
                      </Button>
                      <Button size="sm" variant="ghost" aria-label={`Remove entry ${i + 1}`} onClick={() => set({ segments: form.segments.filter((_, j) => j !== i) })}>
                        ✕
                      </Button>
                    </span>
                  </div>
                  {s.kind === "exercise" ? (
                    <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
                      <Select
                        aria-label={`Entry ${i + 1} measure`}
                        value={s.reps !== undefined ? "reps" : "time"}
                        onChange={(e) =>
                          setSegment(i, e.target.value === "reps" ? { reps: s.workSeconds ? Math.max(1, Math.round(s.workSeconds / 3)) : 10, workSeconds: undefined } : { workSeconds: 40, reps: undefined })
                        }
                      >
                        <option value="time">Seconds</option>
                        <option value="reps">Reps</option>
                      </Select>
                      <Input
                        aria-label={s.reps !== undefined ? `Entry ${i + 1} reps` : `Entry ${i + 1} work seconds`}
                        type="number"
                        min={1}
                        value={s.reps ?? s.workSeconds ?? ""}
                        onChange={(e) => setSegment(i, s.reps !== undefined ? { reps: Number(e.target.value) } : { workSeconds: Number(e.target.value) })}
                      />
                      <Select aria-label={`Entry ${i + 1} pace`} value={s.pace ?? "moderate"} onChange={(e) => setSegment(i, { pace: e.target.value as Pace })}>
                        <option value="slow">Slow</option>
                        <option value="moderate">Moderate</option>
                        <option value="fast">Fast</option>
                        <option value="explosive">Explosive</option>
                      </Select>
                      <Input
                        aria-label={`Entry ${i + 1} RPE`}
                        placeholder="RPE 1-10"
                        type="number"
                        min={1}
                        max={10}
                        value={s.rpe ?? ""}
                        onChange={(e) => setSegment(i, { rpe: e.target.value === "" ? null : Number(e.target.value) })}
                      />
                      <label className="col-span-2 flex items-center gap-2 text-sm">
                        <input type="checkbox" checked={s.amrap ?? false} onChange={(e) => setSegment(i, { amrap: e.target.checked })} /> As many reps as possible
                      </label>
                      <label className="col-span-2 flex items-center gap-2 text-sm">
                        <input type="checkbox" checked={s.skipIntro ?? false} onChange={(e) => setSegment(i, { skipIntro: e.target.checked })} /> Skip the exercise intro
                      </label>
                    </div>
                  ) : null}
                  {s.kind === "break" ? (
                    <div className="mt-2 flex items-center gap-2">
                      <span className="w-28">
                        <Input
                          aria-label={`Entry ${i + 1} rest seconds`}
                          type="number"
                          min={1}
                          value={s.seconds}
                          onChange={(e) => setSegment(i, { seconds: Number(e.target.value) })}
                        />
                      </span>
                      <span className="text-sm text-muted">seconds of rest</span>
                    </div>
                  ) : null}
                  {rowError ? <p className="mt-1 text-sm text-danger">{rowError}</p> : null}
                </li>
              );
            })}
          </ol>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="secondary" onClick={() => setPicker({ kind: CLIP_KIND.exercise!, segmentKind: "exercise" })}>
              + Exercise
            </Button>
            <Button size="sm" variant="secondary" onClick={() => set({ segments: [...form.segments.filter((s) => s.kind !== "outro"), { kind: "break", seconds: 20 }, ...form.segments.filter((s) => s.kind === "outro")] })}>
              + Break
            </Button>
            {(["intro", "outro", "class", "promo", "educational"] as const).map((k) => (
              <Button key={k} size="sm" variant="secondary" onClick={() => setPicker({ kind: CLIP_KIND[k]!, segmentKind: k })}>
                + {KIND_LABEL[k]}
              </Button>
            ))}
          </div>
        </section>

        <div className="flex flex-wrap items-center gap-3 xl:col-span-2">
          <Button type="submit" disabled={busy || workout?.locked}>
            {busy ? "Saving…" : workout ? "Save" : "Save as draft"}
          </Button>
          {status === "draft" ? (
            <Button variant="secondary" disabled={busy || workout?.locked} onClick={() => void save(true)}>
              {workout ? "Save and publish" : "Save and publish"}
            </Button>
          ) : null}
          <FormMessage error={message.error} success={message.success} />
        </div>
      </form>
      {workout ? <EmbedPreview orgId={orgId} workoutId={workout.id} published={status === "published"} /> : null}
      <ClipPicker orgId={orgId} kind={picker?.kind ?? "single-exercise"} open={picker !== null} onClose={() => setPicker(null)} onPick={addPicked} />
    </>
  );
}
