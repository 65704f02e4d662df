import { describe, expect, it } from "vitest";
import { decodePathParams, findBadJsonText, isAcceptableText, parseQuery, strictDecode, utf8Text } from "./input";

describe("client text checks", () => {
  it("accepts well-formed text, emoji and RTL marks; refuses NUL and lone surrogates", () => {
    for (const ok of ["", "plain", "ünïcödé", "💪🏽", "\u200fمرحبا", "'; drop table x; --", "<script>", "../.."]) expect(isAcceptableText(ok), ok).toBe(true);
    for (const bad of ["a\0b", "\ud800", "x\udc00y", "\ud83d"]) expect(isAcceptableText(bad), JSON.stringify(bad)).toBe(false);
  });

  it("decodes percent-escapes strictly", () => {
    expect(strictDecode("a%20b")).toBe("a b");
    expect(strictDecode("%00")).toBe("\0");
    expect(strictDecode("%ED%A0%80")).toBeNull(); // an encoded surrogate is not UTF-8
    expect(strictDecode("%E0%A4%A")).toBeNull();
    expect(strictDecode("%zz")).toBeNull();
    expect(strictDecode("%25")).toBe("%");
  });

  it("takes path parameters from the raw path, once decoded, and names the bad ones", () => {
    const t = "/v1/orgs/{organizationId}/endusers/{endUserId}/plans";
    expect(decodePathParams(t, "/v1/orgs/abc/endusers/x/plans", { organizationId: "abc", endUserId: "x" }).bad).toEqual([]);
    const once = decodePathParams(t, "/v1/orgs/abc/endusers/..%2500%2F/plans", { organizationId: "abc", endUserId: "..%00/" });
    expect(once).toEqual({ params: { organizationId: "abc", endUserId: "..%00/" }, bad: [] });
    expect(decodePathParams(t, "/v1/orgs/abc/endusers/a%00b/plans", { organizationId: "abc", endUserId: "a\0b" }).bad.map((d) => d.target)).toEqual([
      "endUserId",
    ]);
    expect(decodePathParams(t, "/v1/orgs/%ED%A0%80/endusers/x/plans", { organizationId: "%ED%A0%80", endUserId: "x" }).bad).toEqual([
      { code: "FormatError", message: "is not valid percent-encoded UTF-8", target: "organizationId" },
    ]);
  });

  it("parses queries strictly when they carry escapes", () => {
    expect(parseQuery("?a=1&b=two+words&a=3").query).toEqual({ a: "3", b: "two words" });
    expect(parseQuery("?q=caf%C3%A9").query).toEqual({ q: "café" });
    expect(parseQuery("?q=%00").bad.map((d) => d.target)).toEqual(["q"]);
    expect(parseQuery("?q=%ED%A0%80").bad.map((d) => d.target)).toEqual(["q"]);
    expect(parseQuery("?%00=1").bad.map((d) => d.target)).toEqual(["(query key)"]);
  });

  it("refuses invalid UTF-8 bodies and finds NUL or surrogates in parsed JSON, keys included", () => {
    expect(utf8Text(Buffer.from('{"a":"é"}'))).toBe('{"a":"é"}');
    expect(utf8Text(Buffer.from([0x7b, 0xff, 0x7d]))).toBeNull();
    expect(utf8Text(Buffer.from([0xed, 0xa0, 0x80]))).toBeNull();
    const raw = '{"a":"ok","b":["x","\\u0000"],"c":{"\\ud800":1},"d":"\\ud83d\\udcaa"}';
    expect(findBadJsonText(raw, JSON.parse(raw)).map((d) => d.target)).toEqual(["b.1", "c"]);
    expect(findBadJsonText('{"a":"plain"}', { a: "plain" })).toEqual([]);
  });
});
