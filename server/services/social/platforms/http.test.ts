import { describe, expect, it } from "vitest";
import { classify } from "./http";

/** The platforms' documented error bodies, mapped to retry later, grant gone or rejected for good. */
describe("classify", () => {
  const meta = (code: number, extra: Record<string, unknown> = {}) => ({ error: { message: "m", type: "OAuthException", code, ...extra } });
  it("Meta (Instagram, Facebook): rate-limit codes retry, 190 is the grant, media errors are final", () => {
    for (const code of [4, 17, 32, 613, 80002]) expect(classify("instagram", 400, meta(code)).errorClass).toBe("rate_limited");
    expect(classify("facebook", 400, meta(190)).errorClass).toBe("grant");
    expect(classify("facebook", 403, meta(200)).errorClass).toBe("grant");
    expect(classify("instagram", 500, meta(2)).errorClass).toBe("unavailable");
    expect(classify("instagram", 400, meta(1, { is_transient: true })).errorClass).toBe("unavailable");
    expect(classify("instagram", 400, meta(9004, { error_subcode: 2207026 }))).toEqual({
      errorClass: "rejected",
      message: "Instagram answered 400 (error 9004/2207026): m",
    });
  });
  it("YouTube: quota and rate reasons retry, 401 and invalid_grant are the grant, other 4xx final", () => {
    const g = (status: number, reason: string) => ({ error: { code: status, message: "m", errors: [{ reason }] } });
    expect(classify("youtube", 403, g(403, "quotaExceeded")).errorClass).toBe("rate_limited");
    expect(classify("youtube", 403, g(403, "uploadLimitExceeded")).errorClass).toBe("rate_limited");
    expect(classify("youtube", 401, g(401, "authError")).errorClass).toBe("grant");
    expect(classify("youtube", 400, { error: "invalid_grant", error_description: "Token has been expired or revoked." })).toEqual({
      errorClass: "grant",
      message: "YouTube answered 400 (invalid_grant): Token has been expired or revoked.",
    });
    expect(classify("youtube", 503, g(503, "backendError")).errorClass).toBe("rate_limited");
    expect(classify("youtube", 500, null).errorClass).toBe("unavailable");
    expect(classify("youtube", 400, g(400, "invalidTitle")).errorClass).toBe("rejected");
  });
  it("TikTok: error codes decide, whatever the status", () => {
    const t = (code: string) => ({ data: {}, error: { code, message: "m", log_id: "x" } });
    expect(classify("tiktok", 429, t("rate_limit_exceeded")).errorClass).toBe("rate_limited");
    expect(classify("tiktok", 403, t("spam_risk_too_many_posts")).errorClass).toBe("rate_limited");
    expect(classify("tiktok", 401, t("access_token_invalid")).errorClass).toBe("grant");
    expect(classify("tiktok", 403, t("scope_not_authorized")).errorClass).toBe("grant");
    expect(classify("tiktok", 400, t("invalid_params")).errorClass).toBe("rejected");
    expect(classify("tiktok", 500, t("internal_error")).errorClass).toBe("rate_limited");
  });
});
