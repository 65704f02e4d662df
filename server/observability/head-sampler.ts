/**
 * The head sample (docs/operations.md, "Tracing"): whether a trace root, a request or a job run, is
 * traced at all, decided once before any span exists. What is not sampled makes no span and runs in
 * no trace context; spans below a root are made only under a recording one (server/observability/tracing.ts).
 * The decision follows the standard OTEL_TRACES_SAMPLER and OTEL_TRACES_SAMPLER_ARG, as the SDK's
 * samplers would decide it:
 *
 * - `always_on`, `always_off`, `traceidratio` (ARG: the share, 0 to 1, default 1) decide every root;
 * - `parentbased_*` (the default: `parentbased_always_on`) follow the sampled flag of the root's
 *   remote parent (an incoming `traceparent`, the one a job carries) and decide like the former only
 *   for a root without one.
 *
 * A ratio decides by the trace id when the parent gives one (the SDK's TraceIdRatioBasedSampler
 * algorithm, so services agree on a trace), else by a random draw.
 */

export interface RemoteParent {
  traceId: string;
  spanId: string;
  sampled: boolean;
}

export interface HeadSampler {
  /** Whether a root whose remote parent is `parent` (undefined: none) is traced. */
  sample(parent: RemoteParent | undefined): boolean;
}

/** W3C trace context, as @opentelemetry/core's W3CTraceContextPropagator reads it. */
const TRACEPARENT = /^\s?((?!ff)[\da-f]{2})-((?![0]{32})[\da-f]{32})-((?![0]{16})[\da-f]{16})-([\da-f]{2})(-.*)?\s?$/;

/** The remote parent a `traceparent` value names, or undefined when it is absent or malformed. */
export function parseTraceparent(value: unknown): RemoteParent | undefined {
  if (typeof value !== "string") return undefined;
  const m = TRACEPARENT.exec(value);
  // Version 00 has exactly four fields.
  if (!m || (m[1] === "00" && m[5])) return undefined;
  return { traceId: m[2]!, spanId: m[3]!, sampled: (Number.parseInt(m[4]!, 16) & 1) === 1 };
}

const SAMPLERS = ["always_on", "always_off", "traceidratio", "parentbased_always_on", "parentbased_always_off", "parentbased_traceidratio"] as const;
type SamplerName = (typeof SAMPLERS)[number];
const DEFAULT_SAMPLER: SamplerName = "parentbased_always_on";

/**
 * The sampler the variables name. Like the SDK, an unknown name falls back to the default and a
 * ratio that is not a number from 0 to 1 to 1; `warn` says so.
 */
export function headSampler(name: string | undefined, arg: string | undefined, warn: (message: string) => void = () => {}): HeadSampler {
  let chosen = (name?.trim().toLowerCase() || DEFAULT_SAMPLER) as SamplerName;
  if (!SAMPLERS.includes(chosen)) {
    warn(`OTEL_TRACES_SAMPLER=${name} is not supported here; using ${DEFAULT_SAMPLER}`);
    chosen = DEFAULT_SAMPLER;
  }
  const parentBased = chosen.startsWith("parentbased_");
  const root = chosen.replace("parentbased_", "");
  const decideRoot = root === "always_on" ? () => true : root === "always_off" ? () => false : ratioSampler(ratioOf(arg, warn));
  return {
    sample: (parent) => (parentBased && parent ? parent.sampled : decideRoot(parent?.traceId)),
  };
}

function ratioOf(arg: string | undefined, warn: (message: string) => void): number {
  if (arg === undefined || arg.trim() === "") return 1;
  const ratio = Number(arg);
  if (Number.isFinite(ratio) && ratio >= 0 && ratio <= 1) return ratio;
  warn(`OTEL_TRACES_SAMPLER_ARG=${arg} is not a ratio from 0 to 1; using 1`);
  return 1;
}

/** A ratio decision: by the trace id when there is one (as TraceIdRatioBasedSampler), else drawn. */
function ratioSampler(ratio: number): (traceId: string | undefined) => boolean {
  if (ratio >= 1) return () => true;
  if (ratio <= 0) return () => false;
  const upperBound = Math.floor(ratio * 0xffffffff);
  return (traceId) => (traceId ? accumulate(traceId) < upperBound : Math.random() < ratio);
}

function accumulate(traceId: string): number {
  let accumulation = 0;
  for (let pos = 0; pos < traceId.length; pos += 8) {
    accumulation = (accumulation ^ Number.parseInt(traceId.slice(pos, pos + 8), 16)) >>> 0;
  }
  return accumulation;
}
