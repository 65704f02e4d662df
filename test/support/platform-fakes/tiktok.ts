import { randomBytes } from "node:crypto";
import type { FakeAnswer, FakeRequest, PlatformFakes } from "./server";
import { sha256url, token } from "./server";

/** TikTok Login Kit (OAuth v2 with PKCE) and the Content Posting API v2, answering `{ data, error: { code, message, log_id } }`. */
const logId = () => randomBytes(10).toString("hex");
export const tiktokError = (status: number, code: string, message: string): FakeAnswer => ({
  status,
  json: { data: {}, error: { code, message, log_id: logId() } },
});
const ok = (data: unknown): FakeAnswer => ({ status: 200, json: { data, error: { code: "ok", message: "", log_id: logId() } } });

export function installTikTok(fake: PlatformFakes): void {
  const scopesOf = new Map<string, string>();
  const publishes = new Map<string, { mode: "direct" | "inbox"; polls: number; failed?: string; caption: string; videoBytes: number; postId?: string }>();
  /** The scopes the next consent grants (tests take video.publish away for the inbox flow). */
  const grantScopes = { value: "user.info.basic,user.info.profile,video.publish,video.upload" };
  (fake as PlatformFakes & { tiktokScopes: typeof grantScopes }).tiktokScopes = grantScopes;
  const bearer = (req: FakeRequest) => fake.grantOf((req.headers.authorization ?? "").replace(/^Bearer /, ""), "tiktok");
  const needJson = (req: FakeRequest) =>
    !String(req.headers["content-type"] ?? "")
      .toLowerCase()
      .startsWith("application/json");
  const invalidToken = () => tiktokError(401, "access_token_invalid", "The access token is invalid or not found in the request.");

  fake.route("GET", "www.tiktok.com", /^\/v2\/auth\/authorize\/$/, (req) => {
    const q = req.query;
    const app = fake.apps.tiktok!;
    if (q.get("client_key") !== app.clientId) return tiktokError(400, "invalid_client", "client_key is not valid");
    if (q.get("response_type") !== "code" || !q.get("state") || !q.get("scope"))
      return tiktokError(400, "invalid_request", "response_type, scope and state are required");
    if (q.get("code_challenge_method") !== "S256" || !q.get("code_challenge")) return tiktokError(400, "invalid_request", "code_challenge is required");
    const code = token("tt-code-");
    fake.codes.set(code, { platform: "tiktok", clientId: app.clientId, redirectUri: q.get("redirect_uri") ?? "", challenge: q.get("code_challenge")! });
    const back = new URL(q.get("redirect_uri")!);
    back.searchParams.set("code", code);
    back.searchParams.set("scopes", grantScopes.value);
    back.searchParams.set("state", q.get("state")!);
    return { status: 302, headers: { location: back.toString() } };
  });
  fake.route("POST", "open.tiktokapis.com", /^\/v2\/oauth\/token\/$/, (req) => {
    const f = req.fields;
    const app = fake.apps.tiktok!;
    if (!String(req.headers["content-type"]).startsWith("application/x-www-form-urlencoded"))
      return { status: 400, json: { error: "invalid_request", error_description: "Content-Type must be application/x-www-form-urlencoded", log_id: logId() } };
    if (f.client_key !== app.clientId || f.client_secret !== app.clientSecret)
      return { status: 400, json: { error: "invalid_client", error_description: "Client key or secret is incorrect.", log_id: logId() } };
    if (f.grant_type === "authorization_code") {
      const issued = fake.codes.get(f.code);
      if (issued?.platform !== "tiktok" || issued.redirectUri !== f.redirect_uri)
        return { status: 400, json: { error: "invalid_grant", error_description: "Authorization code is expired.", log_id: logId() } };
      if (!f.code_verifier || sha256url(f.code_verifier) !== issued.challenge)
        return { status: 400, json: { error: "invalid_grant", error_description: "Code verifier does not match.", log_id: logId() } };
      fake.codes.delete(f.code);
      const g = fake.issueGrant("tiktok", { refresh: true, seconds: 86400 });
      scopesOf.set(g.accessToken, grantScopes.value);
      return {
        status: 200,
        json: {
          access_token: g.accessToken,
          expires_in: 86400,
          open_id: "tt-open-id-1",
          refresh_expires_in: 31536000,
          refresh_token: g.refreshToken,
          scope: grantScopes.value,
          token_type: "Bearer",
        },
      };
    }
    if (f.grant_type === "refresh_token") {
      const old = fake.refreshGrants.get(f.refresh_token);
      if (!old || old.revoked)
        return { status: 400, json: { error: "invalid_grant", error_description: "Refresh token is invalid or expired.", log_id: logId() } };
      const g = fake.issueGrant("tiktok", { refresh: true, seconds: 86400 });
      scopesOf.set(g.accessToken, scopesOf.get(old.accessToken) ?? grantScopes.value);
      old.revoked = true;
      return {
        status: 200,
        json: {
          access_token: g.accessToken,
          expires_in: 86400,
          open_id: "tt-open-id-1",
          refresh_expires_in: 31536000,
          refresh_token: g.refreshToken,
          scope: scopesOf.get(g.accessToken),
          token_type: "Bearer",
        },
      };
    }
    return { status: 400, json: { error: "unsupported_grant_type", error_description: "grant_type", log_id: logId() } };
  });
  fake.route("POST", "open.tiktokapis.com", /^\/v2\/oauth\/revoke\/$/, (req) => {
    if (req.fields.client_key !== fake.apps.tiktok!.clientId || req.fields.client_secret !== fake.apps.tiktok!.clientSecret)
      return { status: 400, json: { error: "invalid_client", error_description: "", log_id: logId() } };
    fake.revokeAll("tiktok");
    return { status: 200, json: {} };
  });
  fake.route("GET", "open.tiktokapis.com", /^\/v2\/user\/info\/$/, (req) => {
    if (!bearer(req)) return invalidToken();
    if (!req.query.get("fields")) return tiktokError(400, "invalid_params", "fields is required");
    return ok({ user: { open_id: "tt-open-id-1", display_name: "Forma Studio", username: "formastudio" } });
  });
  fake.route("POST", "open.tiktokapis.com", /^\/v2\/post\/publish\/creator_info\/query\/$/, (req) => {
    const g = bearer(req);
    if (!g) return invalidToken();
    if (!(scopesOf.get(g.accessToken) ?? "").includes("video.publish"))
      return tiktokError(403, "scope_not_authorized", "The user did not authorize the scope required for completing this request.");
    return ok({
      creator_username: "formastudio",
      creator_nickname: "Forma Studio",
      privacy_level_options: ["PUBLIC_TO_EVERYONE", "MUTUAL_FOLLOW_FRIENDS", "SELF_ONLY"],
      comment_disabled: false,
      duet_disabled: false,
      stitch_disabled: false,
      max_video_post_duration_sec: 600,
    });
  });
  const init = (mode: "direct" | "inbox") => async (req: FakeRequest) => {
    const g = bearer(req);
    if (!g) return invalidToken();
    if (needJson(req)) return tiktokError(400, "invalid_params", "Content-Type must be application/json; charset=UTF-8");
    const scopes = scopesOf.get(g.accessToken) ?? "";
    if (!scopes.includes(mode === "direct" ? "video.publish" : "video.upload"))
      return tiktokError(403, "scope_not_authorized", "The user did not authorize the scope required for completing this request.");
    const f = req.fields;
    if (mode === "direct") {
      if (!f.post_info?.privacy_level) return tiktokError(400, "invalid_params", "post_info.privacy_level is required");
      if ((f.post_info.title ?? "").length > 2200) return tiktokError(400, "invalid_params", "title is longer than 2200 characters");
    }
    const src = f.source_info ?? {};
    if (src.source !== "PULL_FROM_URL" && src.source !== "FILE_UPLOAD") return tiktokError(400, "invalid_params", "source_info.source is required");
    if (src.source === "PULL_FROM_URL" && !src.video_url) return tiktokError(400, "invalid_params", "video_url is required for PULL_FROM_URL");
    const video = await fake.pull(src.video_url);
    const publishId = `v_pub_url~v2-1.${randomBytes(9).toString("hex")}`;
    publishes.set(publishId, {
      mode,
      polls: 0,
      caption: f.post_info?.title ?? "",
      videoBytes: video.bytes.length,
      failed: fake.rejectMedia ? "file_format_check_failed" : !video.ok ? "video_pull_failed" : undefined,
    });
    return ok({ publish_id: publishId });
  };
  fake.route("POST", "open.tiktokapis.com", /^\/v2\/post\/publish\/video\/init\/$/, init("direct"));
  fake.route("POST", "open.tiktokapis.com", /^\/v2\/post\/publish\/inbox\/video\/init\/$/, init("inbox"));
  fake.route("POST", "open.tiktokapis.com", /^\/v2\/post\/publish\/status\/fetch\/$/, (req) => {
    if (!bearer(req)) return invalidToken();
    const p = publishes.get(req.fields.publish_id);
    if (!p) return tiktokError(400, "invalid_publish_id", "publish_id is invalid");
    if (p.polls++ < fake.processingPolls) return ok({ status: "PROCESSING_DOWNLOAD", uploaded_bytes: 0 });
    if (p.failed) return ok({ status: "FAILED", fail_reason: p.failed });
    if (p.mode === "inbox") return ok({ status: "SEND_TO_USER_INBOX", downloaded_bytes: p.videoBytes });
    if (!p.postId) {
      p.postId = String(7300000000000000000n + BigInt(publishes.size));
      fake.posts.push({ platform: "tiktok", id: p.postId, caption: p.caption, videoBytes: p.videoBytes });
    }
    return ok({ status: "PUBLISH_COMPLETE", publicaly_available_post_id: [Number(p.postId)], uploaded_bytes: p.videoBytes });
  });
}
