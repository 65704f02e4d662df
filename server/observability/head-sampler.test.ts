import { describe, expect, it } from "vitest";
import { headSampler, parseTraceparent } from "./head-sampler";

const TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";
const SPAN = "00f067aa0ba902b7";
const sampledParent = { traceId: TRACE, spanId: SPAN, sampled: true };
const unsampledParent = { traceId: TRACE, spanId: SPAN, sampled: false };

/** Share of `n` roots without a parent that `sample` keeps. */
function shareOfRoots(sample: (p: undefined) => boolean, n = 20_000): number {
  let kept = 0;
  for (let i = 0; i < n; i++) if (sample(undefined)) kept++;
  return kept / n;
}

describe("parseTraceparent", () => {
  it("reads a W3C traceparent and its sampled flag", () => {
    expect(parseTraceparent(`00-${TRACE}-${SPAN}-01`)).toEqual(sampledParent);
    expect(parseTraceparent(`00-${TRACE}-${SPAN}-00`)).toEqual(unsampledParent);
    // Other flags beside "sampled"; a later version may add fields.
    expect(parseTraceparent(`00-${TRACE}-${SPAN}-03`)?.sampled).toBe(true);
    expect(parseTraceparent(`01-${TRACE}-${SPAN}-00-extra`)?.sampled).toBe(false);
  });

  it("ignores what is absent or malformed, as the propagator does", () => {
    for (const bad of [
      undefined,
      ["a"],
      "",
      `ff-${TRACE}-${SPAN}-01`,
      `00-${"0".repeat(32)}-${SPAN}-01`,
      `00-${TRACE}-${"0".repeat(16)}-01`,
      `00-${TRACE.toUpperCase()}-${SPAN}-01`,
      `00-${TRACE}-${SPAN}-01-extra`,
      `00-${TRACE.slice(1)}-${SPAN}-01`,
    ]) {
      expect(parseTraceparent(bad), String(bad)).toBeUndefined();
    }
  });
});

describe("headSampler", () => {
  it("parent-based samplers follow the remote parent's flag whatever they decide for roots", () => {
    for (const [name, arg] of [
      ["parentbased_always_on", undefined],
      ["parentbased_always_off", undefined],
      ["parentbased_traceidratio", "0"],
      ["parentbased_traceidratio", "1"],
    ] as const) {
      const s = headSampler(name, arg);
      expect(s.sample(sampledParent), name).toBe(true);
      expect(s.sample(unsampledParent), name).toBe(false);
    }
  });

  it("decides roots: always, never, or at the ratio", () => {
    expect(shareOfRoots(headSampler("parentbased_always_on", undefined).sample)).toBe(1);
    expect(shareOfRoots(headSampler(undefined, undefined).sample)).toBe(1);
    expect(shareOfRoots(headSampler("parentbased_always_off", undefined).sample)).toBe(0);
    expect(shareOfRoots(headSampler("parentbased_traceidratio", "0").sample)).toBe(0);
    // 20,000 draws at 10 %: the standard deviation of the share is 0.2 %.
    const share = shareOfRoots(headSampler("parentbased_traceidratio", "0.1").sample);
    expect(share).toBeGreaterThan(0.09);
    expect(share).toBeLessThan(0.11);
  });

  it("samplers that are not parent-based decide a remote parent's trace too, a ratio by its trace id", () => {
    expect(headSampler("always_on", undefined).sample(unsampledParent)).toBe(true);
    expect(headSampler("always_off", undefined).sample(sampledParent)).toBe(false);
    const ratio = headSampler("traceidratio", "0.5");
    // The SDK's TraceIdRatioBasedSampler: the XOR of the id's four 32-bit words against ratio × 2³²-1.
    const low = { traceId: "00000001000000000000000000000000", spanId: SPAN, sampled: false };
    const high = { traceId: "f0000000000000000000000000000000", spanId: SPAN, sampled: true };
    expect(ratio.sample(low)).toBe(true);
    expect(ratio.sample(high)).toBe(false);
  });

  it("falls back like the SDK: an unknown sampler to parentbased_always_on, a bad ratio to 1, and says so", () => {
    const warnings: string[] = [];
    const unknown = headSampler("jaeger_remote", undefined, (m) => warnings.push(m));
    expect(unknown.sample(unsampledParent)).toBe(false);
    expect(shareOfRoots(unknown.sample)).toBe(1);
    expect(shareOfRoots(headSampler("traceidratio", "ten percent", (m) => warnings.push(m)).sample)).toBe(1);
    expect(shareOfRoots(headSampler("traceidratio", "1.5", (m) => warnings.push(m)).sample)).toBe(1);
    expect(warnings).toHaveLength(3);
    expect(warnings[0]).toContain("jaeger_remote");
  });
});
