import { randomBytes } from "node:crypto";
import type { FakeAnswer, FakeRequest, PlatformFakes } from "./server";
import { token } from "./server";

/**
 * Instagram (Instagram API with Instagram Login) and Facebook Pages (Graph API, Reels
 * publishing), as their documentation shows: Graph errors are `{ error: { message, type, code,
 * error_subcode, fbtrace_id } }` with status 400 (190 for an invalid token).
 */
export const graphError = (code: number, message: string, opts: { subcode?: number; status?: number; type?: string } = {}): FakeAnswer => ({
  status: opts.status ?? 400,
  json: {
    error: {
      message,
      type: opts.type ?? "OAuthException",
      code,
      ...(opts.subcode ? { error_subcode: opts.subcode } : {}),
      fbtrace_id: randomBytes(8).toString("base64url"),
    },
  },
});

const invalidToken = () =>
  graphError(
    190,
    "Error validating access token: The session has been invalidated because the user changed their password or Facebook has changed the session for security reasons.",
    { subcode: 460 },
  );
const missing = (name: string) => graphError(100, `(#100) The parameter ${name} is required`, { type: "OAuthException" });

function consent(fake: PlatformFakes, platform: "instagram" | "facebook", req: FakeRequest, scopes: string[]): FakeAnswer {
  const q = req.query;
  const app = fake.apps[platform]!;
  if (q.get("client_id") !== app.clientId) return graphError(101, "Error validating application. Invalid application ID.");
  if (q.get("response_type") !== "code") return missing("response_type");
  const granted = (q.get("scope") ?? "").split(",");
  for (const s of scopes) if (!granted.includes(s)) return graphError(100, `Invalid Scopes: missing ${s}`);
  if (!q.get("state")) return missing("state");
  const code = token("code-");
  fake.codes.set(code, { platform, clientId: app.clientId, redirectUri: q.get("redirect_uri") ?? "" });
  const back = new URL(q.get("redirect_uri")!);
  back.searchParams.set("code", code);
  back.searchParams.set("state", q.get("state")!);
  return { status: 302, headers: { location: back.toString() } };
}

export function installInstagram(fake: PlatformFakes): void {
  const containers = new Map<
    string,
    {
      owner: string;
      status: "IN_PROGRESS" | "FINISHED" | "ERROR" | "PUBLISHED";
      polls: number;
      publishedAt?: number;
      error?: string;
      caption: string;
      videoBytes: number;
      coverBytes?: number;
    }
  >();
  const media = new Map<string, string>();
  const users = new Map<string, string>(); // access token -> ig user id
  const auth = (req: FakeRequest) =>
    fake.grantOf(req.query.get("access_token") ?? req.fields.access_token ?? (req.headers.authorization ?? "").replace(/^Bearer /, ""), "instagram");

  fake.route("GET", "www.instagram.com", /^\/oauth\/authorize$/, (req) =>
    consent(fake, "instagram", req, ["instagram_business_basic", "instagram_business_content_publish"]),
  );
  fake.route("POST", "api.instagram.com", /^\/oauth\/access_token$/, (req) => {
    const f = req.fields;
    const app = fake.apps.instagram!;
    const issued = fake.codes.get(f.code);
    if (f.client_id !== app.clientId || f.client_secret !== app.clientSecret)
      return { status: 400, json: { error_type: "OAuthException", code: 400, error_message: "Invalid platform app" } };
    if (f.grant_type !== "authorization_code" || !issued || issued.platform !== "instagram" || issued.redirectUri !== f.redirect_uri)
      return {
        status: 400,
        json: {
          error_type: "OAuthException",
          code: 400,
          error_message: "Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request",
        },
      };
    fake.codes.delete(f.code);
    const g = fake.issueGrant("instagram", { seconds: 3600 });
    users.set(g.accessToken, "17841400000000001");
    return {
      status: 200,
      json: {
        data: [{ access_token: g.accessToken, user_id: "17841400000000001", permissions: "instagram_business_basic,instagram_business_content_publish" }],
      },
    };
  });
  fake.route("GET", "graph.instagram.com", /^\/access_token$/, (req) => {
    const q = req.query;
    if (q.get("grant_type") !== "ig_exchange_token") return missing("grant_type");
    if (q.get("client_secret") !== fake.apps.instagram!.clientSecret) return graphError(101, "Error validating client secret.");
    const short = fake.grantOf(q.get("access_token"), "instagram");
    if (!short) return invalidToken();
    const long = fake.issueGrant("instagram", { seconds: 60 * 24 * 3600 });
    users.set(long.accessToken, users.get(short.accessToken)!);
    return { status: 200, json: { access_token: long.accessToken, token_type: "bearer", expires_in: 5183944 } };
  });
  fake.route("GET", "graph.instagram.com", /^\/refresh_access_token$/, (req) => {
    if (req.query.get("grant_type") !== "ig_refresh_token") return missing("grant_type");
    const old = fake.grantOf(req.query.get("access_token"), "instagram");
    if (!old) return invalidToken();
    const fresh = fake.issueGrant("instagram", { seconds: 60 * 24 * 3600 });
    users.set(fresh.accessToken, users.get(old.accessToken) ?? "17841400000000001");
    return { status: 200, json: { access_token: fresh.accessToken, token_type: "bearer", expires_in: 5183944 } };
  });
  fake.route("GET", "graph.instagram.com", /^\/v\d+\.\d+\/me$/, (req) => {
    const g = auth(req);
    if (!g) return invalidToken();
    return { status: 200, json: { user_id: users.get(g.accessToken) ?? "17841400000000001", username: "forma_studio", id: "9000000000000001" } };
  });
  fake.route("GET", "graph.instagram.com", /^\/v\d+\.\d+\/(\d+)\/content_publishing_limit$/, (req, m) => {
    if (!auth(req)) return invalidToken();
    const since = Date.now() - 24 * 3600_000;
    const usage =
      fake.instagramQuotaUsed ?? [...containers.values()].filter((c) => c.owner === m[1] && c.status === "PUBLISHED" && c.publishedAt! > since).length;
    return { status: 200, json: { data: [{ quota_usage: usage, config: { quota_total: 100, quota_duration: 86400 } }] } };
  });
  fake.route("POST", "graph.instagram.com", /^\/v\d+\.\d+\/(\d+)\/media$/, async (req, m) => {
    const g = auth(req);
    if (!g) return invalidToken();
    const f = req.fields;
    if (!["REELS", "STORIES"].includes(f.media_type))
      return graphError(100, "(#100) The parameter media_type must be one of {REELS, STORIES, CAROUSEL, VIDEO, IMAGE}");
    if (!f.video_url) return missing("video_url");
    const video = await fake.pull(f.video_url);
    const cover = f.cover_url ? await fake.pull(f.cover_url) : null;
    const playable = video.ok && video.bytes.subarray(4, 8).toString("latin1") === "ftyp";
    const id = String(18000000000000000n + BigInt(containers.size + 1));
    containers.set(id, {
      owner: m[1]!,
      status: "IN_PROGRESS",
      polls: 0,
      caption: f.caption ?? "",
      videoBytes: video.bytes.length,
      coverBytes: cover?.bytes.length,
      error: fake.rejectMedia
        ? "Error: Unsupported format: The video format is not supported. Please check spec for supported format (2207026)"
        : !playable
          ? `Error: Media download has failed. The media URI doesn't meet our requirements (2207052)`
          : undefined,
    });
    return { status: 200, json: { id } };
  });
  fake.route("GET", "graph.instagram.com", /^\/v\d+\.\d+\/(\d+)$/, (req, m) => {
    if (!auth(req)) return invalidToken();
    const c = containers.get(m[1]!);
    if (c) {
      if (c.status === "IN_PROGRESS" && c.polls++ >= fake.processingPolls) c.status = c.error ? "ERROR" : "FINISHED";
      return { status: 200, json: { status_code: c.status, ...(c.status === "ERROR" ? { status: c.error } : {}), id: m[1] } };
    }
    const code = media.get(m[1]!);
    if (code) return { status: 200, json: { permalink: `https://www.instagram.com/reel/${code}/`, id: m[1] } };
    return graphError(100, `Unsupported get request. Object with ID '${m[1]}' does not exist`);
  });
  fake.route("POST", "graph.instagram.com", /^\/v\d+\.\d+\/(\d+)\/media_publish$/, (req, m) => {
    if (!auth(req)) return invalidToken();
    const c = containers.get(req.fields.creation_id);
    if (!c || c.owner !== m[1]) return missing("creation_id");
    if (c.status !== "FINISHED") return graphError(9007, "The media is not ready for publishing, please wait for a moment", { subcode: 2207027 });
    c.status = "PUBLISHED";
    c.publishedAt = Date.now();
    const id = String(17900000000000000n + BigInt(media.size + 1));
    media.set(id, `C${randomBytes(5).toString("hex")}`);
    fake.posts.push({ platform: "instagram", id, caption: c.caption, videoBytes: c.videoBytes, coverBytes: c.coverBytes });
    return { status: 200, json: { id } };
  });
}

export function installFacebook(fake: PlatformFakes): void {
  const PAGE = "104000000000001";
  const pageTokens = new Set<string>();
  const videos = new Map<
    string,
    { page: string; uploaded: boolean; finished: boolean; polls: number; description?: string; videoBytes: number; error?: string }
  >();
  const tokenOf = (req: FakeRequest) => req.query.get("access_token") ?? req.fields.access_token;

  fake.route("GET", "www.facebook.com", /^\/v\d+\.\d+\/dialog\/oauth$/, (req) => consent(fake, "facebook", req, ["pages_show_list", "pages_manage_posts"]));
  fake.route("GET", "graph.facebook.com", /^\/v\d+\.\d+\/oauth\/access_token$/, (req) => {
    const q = req.query;
    const app = fake.apps.facebook!;
    if (q.get("client_id") !== app.clientId || q.get("client_secret") !== app.clientSecret) return graphError(101, "Error validating client secret.");
    if (q.get("grant_type") === "fb_exchange_token") {
      const short = fake.grantOf(q.get("fb_exchange_token"), "facebook");
      if (!short) return invalidToken();
      const long = fake.issueGrant("facebook", { seconds: 60 * 24 * 3600 });
      return { status: 200, json: { access_token: long.accessToken, token_type: "bearer", expires_in: 5183944 } };
    }
    const issued = fake.codes.get(q.get("code") ?? "");
    if (issued?.platform !== "facebook" || issued.redirectUri !== q.get("redirect_uri"))
      return graphError(
        100,
        "Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request",
        { subcode: 36008 },
      );
    fake.codes.delete(q.get("code")!);
    const g = fake.issueGrant("facebook", { seconds: 3600 });
    return { status: 200, json: { access_token: g.accessToken, token_type: "bearer", expires_in: 5183 } };
  });
  fake.route("GET", "graph.facebook.com", /^\/v\d+\.\d+\/me\/accounts$/, (req) => {
    if (!fake.grantOf(tokenOf(req), "facebook")) return invalidToken();
    const page = fake.issueGrant("facebook", { seconds: 10 * 365 * 24 * 3600 });
    pageTokens.add(page.accessToken);
    return {
      status: 200,
      json: { data: [{ id: PAGE, name: "Forma Studio", access_token: page.accessToken, tasks: ["CREATE_CONTENT", "MANAGE"] }], paging: {} },
    };
  });
  fake.route("DELETE", "graph.facebook.com", /^\/v\d+\.\d+\/me\/permissions$/, (req) => {
    if (!fake.grantOf(tokenOf(req), "facebook")) return invalidToken();
    fake.revokeAll("facebook");
    return { status: 200, json: { success: true } };
  });
  fake.route("POST", "graph.facebook.com", /^\/v\d+\.\d+\/(\d+)\/video_reels$/, (req, m) => {
    const t = tokenOf(req);
    if (!fake.grantOf(t, "facebook") || !pageTokens.has(t))
      return fake.grantOf(t, "facebook") ? graphError(200, "(#200) Requires a Page access token") : invalidToken();
    const f = req.fields;
    if (f.upload_phase === "start") {
      const id = String(120000000000000000n + BigInt(videos.size + 1));
      videos.set(id, { page: m[1]!, uploaded: false, finished: false, polls: 0, videoBytes: 0 });
      return { status: 200, json: { video_id: id, upload_url: `https://rupload.facebook.com/video-upload/v21.0/${id}` } };
    }
    if (f.upload_phase === "finish") {
      const v = videos.get(f.video_id);
      if (!v || v.page !== m[1]) return missing("video_id");
      if (!v.uploaded) return graphError(6000, "There was a problem uploading your video file. Please try again.", { subcode: 1363130 });
      if (f.video_state !== "PUBLISHED" && f.video_state !== "DRAFT" && f.video_state !== "SCHEDULED") return missing("video_state");
      v.finished = true;
      v.description = f.description;
      return { status: 200, json: { success: true } };
    }
    return missing("upload_phase");
  });
  fake.route("POST", "rupload.facebook.com", /^\/video-upload\/v\d+\.\d+\/(\d+)$/, async (req, m) => {
    const t = (req.headers.authorization ?? "").replace(/^OAuth /, "");
    if (!req.headers.authorization?.startsWith("OAuth ") || !fake.grantOf(t, "facebook"))
      return { status: 401, json: { debug_info: { type: "OAuthException", message: "Invalid OAuth access token." } } };
    const v = videos.get(m[1]!);
    if (!v) return { status: 400, json: { debug_info: { type: "NotFound", message: "Unknown video id" } } };
    const fileUrl = req.headers.file_url as string | undefined;
    if (!fileUrl && !req.headers.offset)
      return { status: 400, json: { debug_info: { type: "ProcessingFailedError", message: "file_url or offset and file_size headers required" } } };
    const file = fileUrl ? await fake.pull(fileUrl) : { ok: true, bytes: req.body };
    if (!file.ok)
      return { status: 400, json: { debug_info: { type: "ProcessingFailedError", message: "Request processing failed: the file could not be fetched" } } };
    v.uploaded = true;
    v.videoBytes = file.bytes.length;
    if (fake.rejectMedia) v.error = "The video's aspect ratio or resolution is not supported for Reels.";
    return { status: 200, json: { success: true } };
  });
  fake.route("GET", "graph.facebook.com", /^\/v\d+\.\d+\/(\d+)$/, (req, m) => {
    if (!fake.grantOf(tokenOf(req), "facebook")) return invalidToken();
    const v = videos.get(m[1]!);
    if (!v) return graphError(100, `Unsupported get request. Object with ID '${m[1]}' does not exist`);
    const processing = v.finished && v.polls++ < fake.processingPolls;
    const done = v.finished && !processing;
    const published = done && !v.error;
    if (published && !fake.posts.some((p) => p.id === m[1]))
      fake.posts.push({ platform: "facebook", id: m[1]!, caption: v.description ?? "", videoBytes: v.videoBytes });
    return {
      status: 200,
      json: {
        status: {
          video_status: v.error && done ? "error" : published ? "ready" : v.uploaded ? "processing" : "upload_complete",
          uploading_phase: { status: v.uploaded ? "complete" : "not_started", bytes_transferred: v.videoBytes },
          processing_phase:
            v.error && done
              ? { status: "error", errors: [{ code: 1363040, message: v.error }] }
              : { status: done ? "complete" : v.finished ? "in_progress" : "not_started" },
          publishing_phase: {
            status: published ? "complete" : "not_started",
            ...(published ? { publish_status: "published", publish_time: Math.floor(Date.now() / 1000) } : {}),
          },
        },
        id: m[1],
      },
    };
  });
}
