/**
 * WebVTT captions of spoken tracks. A spoken track is stored with its script (`scriptText`) and
 * its length (`durationSeconds`, measured when the audio was stored); captions split the script
 * into sentences and give each sentence a share of the track's time proportional to its length
 * in characters (speech runs at a fairly even rate within one recording, so this lands within a
 * fraction of a second of the words). A track whose length was never measured is timed at
 * SPEECH_CHARS_PER_SECOND. Placing tracks on a timeline (a playlist segment, an export) is the
 * caller's: `placeSpeech` takes start times and gives cues.
 */

export interface Speech {
  text: string;
  /** Seconds of audio; null or 0 when unknown. */
  seconds: number | null;
}

export interface Cue {
  start: number;
  end: number;
  text: string;
}

/** Speaking rate used only when a track's length is unknown (about 150 words a minute). */
export const SPEECH_CHARS_PER_SECOND = 14;
/** Longest text one cue shows; longer sentences are cut at word boundaries into several cues. */
const MAX_CUE_CHARS = 90;

/** Sentences of a script: split after . ! ? … (and CJK full stops), whitespace normalized. */
export function splitSentences(text: string): string[] {
  const clean = text.replace(/\s+/g, " ").trim();
  if (!clean) return [];
  const parts = clean.match(/[^.!?…。！？]+(?:[.!?…。！？]+["'»”’)]*|$)/g) ?? [clean];
  const out: string[] = [];
  for (const raw of parts) {
    const sentence = raw.trim();
    if (!sentence) continue;
    if (sentence.length <= MAX_CUE_CHARS) {
      out.push(sentence);
      continue;
    }
    let line = "";
    for (const word of sentence.split(" ")) {
      if (line && line.length + 1 + word.length > MAX_CUE_CHARS) {
        out.push(line);
        line = word;
      } else line = line ? `${line} ${word}` : word;
    }
    if (line) out.push(line);
  }
  return out;
}

/** The seconds a track speaks: its measured length, else an estimate from its script. */
export function speechSeconds(speech: Speech): number {
  if (speech.seconds && speech.seconds > 0) return speech.seconds;
  return Math.max(1, speech.text.replace(/\s+/g, " ").trim().length / SPEECH_CHARS_PER_SECOND);
}

/**
 * Cues of one track starting at `start`, its time shared by its sentences in proportion to their
 * length; `limit` (seconds) cuts the track where its segment ends, as the mix does.
 */
export function speechCues(speech: Speech, start: number, limit = Number.POSITIVE_INFINITY): Cue[] {
  const sentences = splitSentences(speech.text);
  if (sentences.length === 0) return [];
  const total = speechSeconds(speech);
  const chars = sentences.reduce((n, s) => n + s.length, 0);
  const cues: Cue[] = [];
  let t = start;
  for (const text of sentences) {
    const end = t + (total * text.length) / chars;
    if (t >= limit) break;
    cues.push({ start: t, end: Math.min(end, limit), text });
    t = end;
  }
  return cues;
}

/** `hh:mm:ss.mmm` */
export function vttTime(seconds: number): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const r = ms % 1000;
  const pad = (n: number, w = 2) => String(n).padStart(w, "0");
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(r, 3)}`;
}

/** Cue text is plain text: `&`, `<` and `>` are escaped and `-->` can never appear. */
function escapeCueText(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}

/** A WebVTT file: the header, then numbered cues in time order (empty cues dropped). */
export function renderVtt(cues: readonly Cue[], note?: string): string {
  const lines = ["WEBVTT", ""];
  if (note) lines.push(`NOTE ${note.replace(/-->/g, "- ->").replace(/\n+/g, " ")}`, "");
  const sorted = cues.filter((c) => c.end - c.start >= 0.05 && c.text.trim()).sort((a, b) => a.start - b.start);
  sorted.forEach((c, i) => {
    lines.push(String(i + 1), `${vttTime(c.start)} --> ${vttTime(c.end)}`, escapeCueText(c.text), "");
  });
  return lines.join("\n");
}

/** A label for a caption track in its own language ("Deutsch (Deutschland)"), else the tag. */
export function captionLabel(locale: string): string {
  try {
    const name = new Intl.DisplayNames([locale], { type: "language" }).of(locale);
    if (name) return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
  } catch {
    // An unknown tag keeps its code as its label.
  }
  return locale;
}
