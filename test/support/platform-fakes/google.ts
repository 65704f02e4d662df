import { randomBytes } from "node:crypto";
import type { FakeAnswer, FakeRequest, PlatformFakes } from "./server";
import { sha256url, token } from "./server";

/** Google OAuth 2.0 (authorization code with PKCE, refresh, revoke) and the YouTube Data API v3 upload. */
const CHUNK = 256 * 1024;

const oauthError = (error: string, description: string, status = 400): FakeAnswer => ({ status, json: { error, error_description: description } });
const apiError = (status: number, reason: string, message: string, domain = "youtube.api"): FakeAnswer => ({
  status,
  json: { error: { code: status, message, errors: [{ message, domain, reason }] } },
});
const unauthenticated = () =>
  apiError(
    401,
    "authError",
    "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.",
    "global",
  );

export function installYouTube(fake: PlatformFakes): void {
  const sessions = new Map<string, { total: number; received: Buffer[]; bytes: number; title: string; description: string; videoId?: string }>();
  const bearer = (req: FakeRequest) => fake.grantOf((req.headers.authorization ?? "").replace(/^Bearer /, ""), "youtube");
  /** Verifiers for codes issued with a challenge. */
  const challenges = new Map<string, string>();

  fake.route("GET", "accounts.google.com", /^\/o\/oauth2\/v2\/auth$/, (req) => {
    const q = req.query;
    const app = fake.apps.youtube!;
    if (q.get("client_id") !== app.clientId) return oauthError("invalid_client", "The OAuth client was not found.", 401);
    if (q.get("response_type") !== "code") return oauthError("unsupported_response_type", "response_type must be code");
    const scopes = (q.get("scope") ?? "").split(" ");
    if (!scopes.includes("https://www.googleapis.com/auth/youtube.upload")) return oauthError("invalid_scope", "youtube.upload is required");
    if (q.get("access_type") !== "offline") return oauthError("invalid_request", "access_type=offline is needed for a refresh token");
    if (q.get("code_challenge_method") !== "S256" || !q.get("code_challenge"))
      return oauthError("invalid_request", "code_challenge_method S256 with a code_challenge");
    const code = `4/${token("")}`;
    fake.codes.set(code, { platform: "youtube", clientId: app.clientId, redirectUri: q.get("redirect_uri") ?? "", challenge: q.get("code_challenge")! });
    challenges.set(code, q.get("code_challenge")!);
    const back = new URL(q.get("redirect_uri")!);
    back.searchParams.set("code", code);
    back.searchParams.set("state", q.get("state") ?? "");
    back.searchParams.set("scope", q.get("scope")!);
    return { status: 302, headers: { location: back.toString() } };
  });
  fake.route("POST", "oauth2.googleapis.com", /^\/token$/, (req) => {
    const f = req.fields;
    const app = fake.apps.youtube!;
    if (f.client_id !== app.clientId || f.client_secret !== app.clientSecret) return oauthError("invalid_client", "Unauthorized", 401);
    if (f.grant_type === "authorization_code") {
      const issued = fake.codes.get(f.code);
      if (issued?.platform !== "youtube") return oauthError("invalid_grant", "Malformed auth code.");
      if (issued.redirectUri !== f.redirect_uri) return oauthError("redirect_uri_mismatch", "Bad Request");
      if (!f.code_verifier || sha256url(f.code_verifier) !== issued.challenge) return oauthError("invalid_grant", "Invalid code verifier.");
      fake.codes.delete(f.code);
      const g = fake.issueGrant("youtube", { refresh: true });
      return {
        status: 200,
        json: {
          access_token: g.accessToken,
          expires_in: fake.accessTokenSeconds,
          refresh_token: g.refreshToken,
          scope: "https://www.googleapis.com/auth/youtube.upload https://www.googleapis.com/auth/youtube.readonly",
          token_type: "Bearer",
        },
      };
    }
    if (f.grant_type === "refresh_token") {
      const old = fake.refreshGrants.get(f.refresh_token);
      if (!old || old.revoked) return oauthError("invalid_grant", "Token has been expired or revoked.");
      const g = fake.issueGrant("youtube");
      g.refreshToken = old.refreshToken;
      fake.refreshGrants.set(old.refreshToken!, g);
      return {
        status: 200,
        json: {
          access_token: g.accessToken,
          expires_in: fake.accessTokenSeconds,
          scope: "https://www.googleapis.com/auth/youtube.upload",
          token_type: "Bearer",
        },
      };
    }
    return oauthError("unsupported_grant_type", "Invalid grant_type");
  });
  fake.route("POST", "oauth2.googleapis.com", /^\/revoke$/, (req) => {
    const g = fake.refreshGrants.get(req.fields.token) ?? fake.grants.get(req.fields.token);
    if (!g) return oauthError("invalid_token", "Token expired or revoked");
    fake.revokeAll("youtube");
    return { status: 200, json: {} };
  });
  fake.route("GET", "www.googleapis.com", /^\/youtube\/v3\/channels$/, (req) => {
    if (!bearer(req)) return unauthenticated();
    if (req.query.get("mine") !== "true" || !req.query.get("part"))
      return apiError(400, "missingRequiredParameter", "No filter selected. Expected one of: mine, id, forUsername.");
    return {
      status: 200,
      json: {
        kind: "youtube#channelListResponse",
        items: [{ kind: "youtube#channel", id: "UCforma000000000000000001", snippet: { title: "Forma Studio", customUrl: "@formastudio" } }],
      },
    };
  });
  fake.route("POST", "www.googleapis.com", /^\/upload\/youtube\/v3\/videos$/, (req) => {
    if (!bearer(req)) return unauthenticated();
    const q = req.query;
    if (q.get("uploadType") !== "resumable") return apiError(400, "badRequest", "uploadType must be resumable for this fake");
    if (!(q.get("part") ?? "").split(",").includes("snippet") || !(q.get("part") ?? "").split(",").includes("status"))
      return apiError(400, "unexpectedPart", "part must include snippet and status");
    const total = Number(req.headers["x-upload-content-length"]);
    if (!Number.isSafeInteger(total) || total <= 0) return apiError(400, "badContent", "X-Upload-Content-Length is required");
    if (!String(req.headers["x-upload-content-type"] ?? "").startsWith("video/"))
      return apiError(400, "badContent", "X-Upload-Content-Type must be a video type");
    const title = req.fields.snippet?.title;
    if (!title || title.length > 100) return apiError(400, "invalidTitle", "The request metadata specifies an invalid or empty video title.");
    const uploadId = randomBytes(12).toString("base64url");
    sessions.set(uploadId, { total, received: [], bytes: 0, title, description: req.fields.snippet?.description ?? "" });
    return {
      status: 200,
      headers: { location: `https://www.googleapis.com/upload/youtube/v3/videos?uploadType=resumable&part=snippet,status&upload_id=${uploadId}` },
    };
  });
  fake.route("PUT", "www.googleapis.com", /^\/upload\/youtube\/v3\/videos$/, (req) => {
    if (!bearer(req)) return unauthenticated();
    const s = sessions.get(req.query.get("upload_id") ?? "");
    if (!s) return apiError(404, "notFound", "The upload session does not exist.");
    const range = String(req.headers["content-range"] ?? "");
    const received = () => (s.bytes > 0 ? { range: `bytes=0-${s.bytes - 1}` } : undefined);
    const status = /^bytes \*\/(\d+)$/.exec(range);
    if (status) return s.videoId ? { status: 200, json: { kind: "youtube#video", id: s.videoId } } : { status: 308, headers: { ...received() } };
    const m = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(range);
    if (!m) return apiError(400, "badContent", "Content-Range is required");
    const [start, end, total] = [Number(m[1]), Number(m[2]), Number(m[3])];
    if (total !== s.total || start !== s.bytes || end - start + 1 !== req.body.length)
      return apiError(400, "badContent", `Content-Range ${range} does not continue the ${s.bytes} bytes received`);
    const last = end + 1 === total;
    if (!last && req.body.length % CHUNK !== 0) return apiError(400, "badContent", "Chunks other than the last must be a multiple of 256 KiB");
    s.received.push(req.body);
    s.bytes = end + 1;
    if (!last) return { status: 308, headers: { ...received() } };
    const file = Buffer.concat(s.received);
    if (fake.rejectMedia || file.subarray(4, 8).toString("latin1") !== "ftyp")
      return apiError(400, "invalidVideoFile", "The video file could not be processed: unsupported format.", "youtube.video");
    s.videoId = randomBytes(8).toString("base64url").slice(0, 11);
    fake.posts.push({ platform: "youtube", id: s.videoId, caption: `${s.title}\n${s.description}`, videoBytes: file.length });
    return {
      status: 200,
      json: { kind: "youtube#video", id: s.videoId, snippet: { title: s.title }, status: { uploadStatus: "uploaded", privacyStatus: "public" } },
    };
  });
  fake.route("POST", "www.googleapis.com", /^\/upload\/youtube\/v3\/thumbnails\/set$/, (req) => {
    if (!bearer(req)) return unauthenticated();
    const videoId = req.query.get("videoId");
    const post = fake.posts.find((p) => p.platform === "youtube" && p.id === videoId);
    if (!post) return apiError(404, "videoNotFound", "The video that you are trying to update cannot be found.");
    if (!["image/jpeg", "image/png"].includes(String(req.headers["content-type"])))
      return apiError(400, "invalidImage", "The provided image content is invalid.");
    if (req.body.length > 2 * 1024 * 1024) return apiError(400, "mediaBodyTooLarge", "The thumbnail is larger than 2 MB.");
    if (req.body[0] !== 0xff || req.body[1] !== 0xd8) return apiError(400, "invalidImage", "The provided image content is invalid.");
    post.coverBytes = req.body.length;
    return {
      status: 200,
      json: { kind: "youtube#thumbnailSetResponse", items: [{ default: { url: `https://i.ytimg.com/vi/${videoId}/default.jpg`, width: 120, height: 90 } }] },
    };
  });
}
