"use client";

import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field, Input, Select } from "@/components/ui/field";
import { ProgressBar, Spinner } from "@/components/ui/spinner";
import { ConsoleApiError, consoleFetch, errorMessage, qs } from "./api";
import { type UploadState, uploadInChunks } from "./chunked-upload";
import { Badge, FormMessage, PageHeader, Pager, formatDate, formatDuration } from "./widgets";

interface UploadRow extends UploadState {
  purpose: "clip" | "instruction-audio";
  filename: string;
  sizeBytes: number;
  clipName: string | null;
  locale: string | null;
  createdAt: string;
}
interface Clip {
  id: string;
  name: string;
  kind: string;
  duration: number;
  video: { thumbnail: string | null } | null;
  audioInstructions?: { id: string; locale: string; assetUri: string }[];
}

const LOCALES = ["en-US", "en-GB", "en-AU", "fr-FR", "de-DE", "es-ES", "it-IT", "pt-PT", "he-IL", "ro-RO", "cs-CZ", "fi-FI", "lt-LT", "nl-NL", "pl-PL", "ar-XA", "nb-NO", "sv-SE"];
const STATUS_TONE = { uploading: "neutral", processing: "warn", ready: "good", failed: "bad" } as const;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function ClipUploadForm({ orgId, onDone }: { orgId: string; onDone: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ error?: string; success?: string }>({});
  const abort = useRef<AbortController | null>(null);
  return (
    <form
      className="flex flex-col gap-3 rounded-xl border border-line bg-card p-4"
      aria-label="Upload a clip"
      onSubmit={async (e) => {
        e.preventDefault();
        if (!file) return;
        const d = new FormData(e.currentTarget);
        setFields({});
        setMessage({});
        setProgress(0);
        abort.current = new AbortController();
        try {
          await uploadInChunks(orgId, file, { purpose: "clip", name: d.get("name"), kind: d.get("kind") }, setProgress, abort.current.signal);
          setMessage({ success: "Uploaded. Processing has started; the clip appears below when it is ready." });
          onDone();
        } catch (err) {
          if (err instanceof ConsoleApiError) setFields(err.fields);
          setMessage({ error: `${errorMessage(err)} Pick the same file again to resume.` });
        } finally {
          setProgress(null);
        }
      }}
    >
      <h2 className="text-lg font-semibold">Upload an exercise clip</h2>
      <p className="text-sm text-muted">MP4 or MOV, up to 500 MB. Sent in chunks (an interrupted upload resumes); transcoded for the players with a poster and a thumbnail.</p>
      <div className="grid grid-cols-1 gap-3 md:grid-cols-3">
        <Field label="Video file" error={fields.filename ?? fields.contentType ?? fields.sizeBytes}>
          {(p) => <Input {...p} type="file" name="file" accept=".mp4,.mov,.m4v,video/mp4,video/quicktime" required onChange={(e) => setFile(e.target.files?.[0] ?? null)} className="h-auto py-1.5" />}
        </Field>
        <Field label="Clip name" error={fields.name}>
          {(p) => <Input {...p} name="name" required defaultValue="" />}
        </Field>
        <Field label="Kind" error={fields.kind}>
          {(p) => (
            <Select {...p} name="kind" defaultValue="single-exercise">
              <option value="single-exercise">Single exercise</option>
              <option value="workout-intro">Workout intro</option>
              <option value="workout-outro">Workout outro</option>
              <option value="class">Class</option>
              <option value="promo">Promo</option>
              <option value="educational">Educational</option>
            </Select>
          )}
        </Field>
      </div>
      {progress !== null ? (
        <div className="flex items-center gap-3">
          <ProgressBar value={progress} label="Upload progress" />
          <span className="w-12 text-right text-sm tabular-nums">{Math.round(progress * 100)}%</span>
          <Button size="sm" variant="ghost" onClick={() => abort.current?.abort()}>
            Pause
          </Button>
        </div>
      ) : null}
      <div className="flex items-center gap-3">
        <Button type="submit" disabled={!file || progress !== null}>
          Upload
        </Button>
        <FormMessage error={message.error} success={message.success} />
      </div>
    </form>
  );
}

/** Records instruction audio in the browser (MediaRecorder), or takes a file, and uploads it for one locale. */
function AudioDialog({ orgId, clip, onClose, onDone }: { orgId: string; clip: Clip | null; onClose: () => void; onDone: () => void }) {
  const [locale, setLocale] = useState("en-US");
  const [file, setFile] = useState<File | null>(null);
  const [recording, setRecording] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [message, setMessage] = useState<{ error?: string; success?: string }>({});
  const recorder = useRef<MediaRecorder | null>(null);
  useEffect(() => {
    if (!clip) {
      setFile(null);
      setMessage({});
    }
  }, [clip]);
  const startRecording = async () => {
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const rec = new MediaRecorder(stream);
      const parts: Blob[] = [];
      rec.ondataavailable = (e) => parts.push(e.data);
      rec.onstop = () => {
        for (const t of stream.getTracks()) t.stop();
        const type = rec.mimeType || "audio/webm";
        setFile(new File(parts, `recording-${Date.now()}.webm`, { type, lastModified: Date.now() }));
        setRecording(false);
      };
      rec.start();
      recorder.current = rec;
      setRecording(true);
    } catch (err) {
      setMessage({ error: `The microphone is not available: ${err instanceof Error ? err.message : String(err)}` });
    }
  };
  return (
    <Dialog open={clip !== null} onClose={onClose} title={`Instruction audio: ${clip?.name ?? ""}`}>
      <div className="flex flex-col gap-3">
        <Field label="Locale">
          {(p) => (
            <Select {...p} value={locale} onChange={(e) => setLocale(e.target.value)}>
              {LOCALES.map((l) => (
                <option key={l}>{l}</option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Audio file" hint="MP3, M4A, WAV, WebM or Ogg, up to 25 MB; or record below.">
          {(p) => <Input {...p} type="file" accept="audio/*" className="h-auto py-1.5" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />}
        </Field>
        <div className="flex items-center gap-2">
          {recording ? (
            <Button variant="danger" onClick={() => recorder.current?.stop()}>
              Stop recording
            </Button>
          ) : (
            <Button variant="secondary" onClick={() => void startRecording()}>
              Record in the browser
            </Button>
          )}
          {file ? <span className="text-sm text-muted">{file.name}</span> : null}
        </div>
        {progress !== null ? <ProgressBar value={progress} label="Audio upload progress" /> : null}
        <FormMessage error={message.error} success={message.success} />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button
            disabled={!file || !clip || progress !== null || recording}
            onClick={async () => {
              if (!file || !clip) return;
              setProgress(0);
              setMessage({});
              try {
                await uploadInChunks(orgId, file, { purpose: "instruction-audio", videoAssetId: clip.id, locale }, setProgress);
                setMessage({ success: `Uploaded; the ${locale} track is processing.` });
                onDone();
              } catch (err) {
                setMessage({ error: errorMessage(err) });
              } finally {
                setProgress(null);
              }
            }}
          >
            Upload audio
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

const thumbOf = (c: Clip): string | null => c.video?.thumbnail ?? null;

/** Media: chunked clip uploads with their processing state, the workspace's clips and their instruction audio per locale. */
export function MediaManager({ orgId }: { orgId: string }) {
  const qc = useQueryClient();
  const [uploadsOffset, setUploadsOffset] = useState(0);
  const [clipsOffset, setClipsOffset] = useState(0);
  const [audioFor, setAudioFor] = useState<Clip | null>(null);
  const uploads = useQuery({
    queryKey: ["uploads", orgId, uploadsOffset],
    queryFn: () => consoleFetch<{ items: UploadRow[]; total: number }>(`/api/console/orgs/${orgId}/uploads${qs({ limit: 10, offset: uploadsOffset })}`),
    placeholderData: keepPreviousData,
    // Poll while something is being processed.
    refetchInterval: (q) => (q.state.data?.items.some((u) => u.status === "processing" || u.status === "uploading") ? 2000 : false),
  });
  const busy = uploads.data?.items.some((u) => u.status === "processing") ?? false;
  const clips = useQuery({
    queryKey: ["media-clips", orgId, clipsOffset],
    queryFn: () => consoleFetch<{ items: Clip[]; total: number }>(`/api/console/orgs/${orgId}/video-assets${qs({ limit: 20, offset: clipsOffset })}`),
    placeholderData: keepPreviousData,
    refetchInterval: busy ? 4000 : false,
  });
  // A clip appears in the list when its upload finishes processing: refetch the clips then.
  const readyIds = (uploads.data?.items ?? []).filter((u) => u.status === "ready").map((u) => u.id).join(",");
  const seenReady = useRef(readyIds);
  useEffect(() => {
    if (readyIds !== seenReady.current) {
      seenReady.current = readyIds;
      void qc.invalidateQueries({ queryKey: ["media-clips", orgId] });
    }
  }, [readyIds, qc, orgId]);
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: ["uploads", orgId] });
    void qc.invalidateQueries({ queryKey: ["media-clips", orgId] });
  };
  return (
    <>
      <PageHeader title="Media" description="Exercise clips and instruction audio of the workspace." />
      <ClipUploadForm orgId={orgId} onDone={refresh} />
      <section aria-label="Uploads" className="mt-6">
        <h2 className="mb-2 text-lg font-semibold">Uploads</h2>
        {!uploads.data ? (
          <Spinner label="Loading uploads" />
        ) : uploads.data.items.length === 0 ? (
          <p className="text-sm text-muted">No uploads yet.</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {uploads.data.items.map((u) => (
              <li key={u.id} data-upload-id={u.id} data-status={u.status} className="rounded-lg border border-line bg-card p-3">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="min-w-0 flex-1 truncate font-medium">{u.purpose === "clip" ? (u.clipName ?? u.filename) : `Audio ${u.locale}: ${u.filename}`}</span>
                  <Badge tone={STATUS_TONE[u.status]}>{u.status}</Badge>
                </div>
                <p className="mt-1 text-xs text-muted">
                  {mb(u.sizeBytes)} · {u.chunksReceived}/{u.chunkCount} chunks · {formatDate(u.createdAt)}
                </p>
                {u.status === "processing" ? (
                  <div className="mt-2">
                    <ProgressBar value={u.progress} label={`Processing ${u.filename}`} />
                  </div>
                ) : null}
                {u.status === "uploading" ? <p className="mt-1 text-xs text-muted">Interrupted? Pick the same file again to resume.</p> : null}
                {u.error ? <p className="mt-1 text-sm text-danger">{u.error}</p> : null}
              </li>
            ))}
          </ul>
        )}
        {uploads.data ? <Pager label="Uploads" offset={uploadsOffset} limit={10} total={uploads.data.total} onChange={setUploadsOffset} /> : null}
      </section>
      <section aria-label="Clips" className="mt-6">
        <h2 className="mb-2 text-lg font-semibold">Clips</h2>
        {!clips.data ? (
          <Spinner label="Loading clips" />
        ) : (
          <ul className="grid grid-cols-1 gap-2 md:grid-cols-2">
            {clips.data.items.map((c) => (
              <li key={c.id} data-clip-id={c.id} className="flex gap-3 rounded-lg border border-line bg-card p-2">
                {thumbOf(c) ? (
                  // biome-ignore lint/performance/noImgElement: media route images
                  <img src={thumbOf(c)!} alt="" className="h-14 w-20 shrink-0 rounded object-cover" />
                ) : (
                  <span className="h-14 w-20 shrink-0 rounded bg-line" />
                )}
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium">{c.name}</p>
                  <p className="text-xs text-muted">
                    {c.kind} · {formatDuration(c.duration)}
                  </p>
                  {c.kind === "single-exercise" ? (
                    <div className="mt-1 flex flex-wrap items-center gap-1">
                      {(c.audioInstructions ?? []).map((a) => (
                        <Badge key={a.id}>{a.locale}</Badge>
                      ))}
                      <Button size="sm" variant="ghost" onClick={() => setAudioFor(c)}>
                        + Audio
                      </Button>
                    </div>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
        {clips.isError ? <p role="alert" className="text-danger">{errorMessage(clips.error)}</p> : null}
        {clips.data ? <Pager label="Clips" offset={clipsOffset} limit={20} total={clips.data.total} onChange={setClipsOffset} /> : null}
      </section>
      <AudioDialog orgId={orgId} clip={audioFor} onClose={() => setAudioFor(null)} onDone={refresh} />
    </>
  );
}
