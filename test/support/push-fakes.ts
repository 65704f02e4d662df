import { type ECDH, createDecipheriv, createECDH, generateKeyPairSync, hkdfSync, randomBytes, randomUUID } from "node:crypto";
import { type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse, createServer } from "node:http";
import { type JWTPayload, createLocalJWKSet, decodeProtectedHeader, importJWK, jwtVerify } from "jose";

/**
 * Test support: local fakes of the two push services, real HTTP servers on 127.0.0.1 that check
 * what the protocols require and answer as the real services document.
 *
 * - FakeWebPushService: a Web Push endpoint (RFC 8030) with browser-side subscriptions. It
 *   verifies the VAPID header (RFC 8292: `Authorization: vapid t=<JWT>, k=<public key>`, ES256
 *   over the key in k, aud = the endpoint's origin, exp within 24 h, sub mailto:/https:), the
 *   message headers (Content-Encoding aes128gcm, TTL) and decrypts the body with the
 *   subscription's private key and auth secret (RFC 8291/8188), independently of web-push.
 * - FakeFcm: a Google OAuth token endpoint that verifies the service account's signed
 *   JWT-bearer assertion (RS256 over the account's public key, iss, aud, scope, lifetime) and the
 *   FCM HTTP v1 messages:send endpoint that checks the issued bearer, the project and the
 *   message shape, and can answer UNREGISTERED, UNAVAILABLE or an expired token.
 */

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

function listen(handler: (req: IncomingMessage, res: ServerResponse) => Promise<void>): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    handler(req, res).catch((err) => {
      res.statusCode = 599;
      res.end(String(err?.stack ?? err));
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve({ server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}` })),
  );
}

function close(server: Server | null): Promise<void> {
  return new Promise((r) => (server?.listening ? server.close(() => r()) : r()));
}

/** Decrypts an aes128gcm Web Push message body (RFC 8291 key derivation, one RFC 8188 record). */
export function decryptWebPush(body: Buffer, ua: { ecdh: ECDH; auth: Buffer }): string {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  if (idlen !== 65) throw new Error(`keyid must be the 65-byte sender key, got ${idlen} bytes`);
  if (record.length > rs) throw new Error("more than one record");
  const uaPublic = ua.ecdh.getPublicKey();
  const shared = ua.ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), uaPublic, asPublic]);
  const ikm = Buffer.from(hkdfSync("sha256", shared, ua.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error("the last record must end with the 0x02 padding delimiter");
  return plain.subarray(0, end).toString("utf8");
}

export interface ReceivedWebPush {
  subscriptionId: string;
  headers: IncomingHttpHeaders;
  vapid: JWTPayload;
  vapidKey: string;
  /** The decrypted message, parsed as JSON. */
  payload: any;
}

export interface FakeSubscription {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export class FakeWebPushService {
  url = "";
  private server: Server | null = null;
  private readonly subs = new Map<string, { ecdh: ECDH; auth: Buffer }>();
  /** Verified messages, in arrival order. */
  readonly received: ReceivedWebPush[] = [];
  /** Requests refused because a check failed: what was wrong. */
  readonly refused: string[] = [];
  /** Answers for a subscription, consumed one per request (then 201). */
  readonly answers = new Map<string, number[]>();
  /** When set, the VAPID public key (k=) every request must carry. */
  expectedKey: string | null = null;

  async start(): Promise<this> {
    const { server, url } = await listen((req, res) => this.handle(req, res));
    this.server = server;
    this.url = url;
    return this;
  }

  stop(): Promise<void> {
    return close(this.server);
  }

  /** What a browser's PushManager.subscribe() makes: a P-256 key pair and a 16-byte auth secret, and an endpoint on this service. */
  subscribe(): FakeSubscription {
    const id = randomUUID();
    const ecdh = createECDH("prime256v1");
    ecdh.generateKeys();
    const auth = randomBytes(16);
    this.subs.set(id, { ecdh, auth });
    return { id, endpoint: `${this.url}/push/${id}`, keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") } };
  }

  answer(subscriptionId: string, ...statuses: number[]): void {
    this.answers.set(subscriptionId, statuses);
  }

  for(subscriptionId: string): ReceivedWebPush[] {
    return this.received.filter((r) => r.subscriptionId === subscriptionId);
  }

  private refuse(res: ServerResponse, status: number, why: string): void {
    this.refused.push(why);
    res.statusCode = status;
    res.end(why);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req);
    const m = /^\/push\/([0-9a-f-]+)$/.exec(req.url ?? "");
    if (req.method !== "POST" || !m) return this.refuse(res, 404, `unexpected ${req.method} ${req.url}`);
    const sub = this.subs.get(m[1]!);
    if (!sub) return this.refuse(res, 404, "unknown subscription");
    // RFC 8292: Authorization: vapid t=<JWT>, k=<base64url uncompressed P-256 public key>
    const auth = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(req.headers.authorization ?? "");
    if (!auth) return this.refuse(res, 401, `missing or malformed VAPID Authorization: ${req.headers.authorization}`);
    const [, jwt, k] = auth as unknown as [string, string, string];
    if (this.expectedKey && k !== this.expectedKey) return this.refuse(res, 403, "VAPID key is not the one the subscription was made with");
    const point = Buffer.from(k, "base64url");
    if (point.length !== 65 || point[0] !== 4) return this.refuse(res, 401, "k is not an uncompressed P-256 point");
    let vapid: JWTPayload;
    try {
      if (decodeProtectedHeader(jwt).alg !== "ES256") throw new Error("alg must be ES256");
      const key = await importJWK(
        { kty: "EC", crv: "P-256", x: point.subarray(1, 33).toString("base64url"), y: point.subarray(33).toString("base64url") },
        "ES256",
      );
      ({ payload: vapid } = await jwtVerify(jwt, key, { audience: this.url, algorithms: ["ES256"], requiredClaims: ["exp", "sub"] }));
    } catch (err) {
      return this.refuse(res, 403, `VAPID JWT rejected: ${(err as Error).message}`);
    }
    if (vapid.exp! > Date.now() / 1000 + 24 * 3600) return this.refuse(res, 403, "VAPID exp more than 24 hours ahead");
    if (!/^(mailto:|https:\/\/)/.test(String(vapid.sub))) return this.refuse(res, 403, `VAPID sub must be mailto: or https: (${vapid.sub})`);
    if (req.headers["content-encoding"] !== "aes128gcm")
      return this.refuse(res, 400, `Content-Encoding must be aes128gcm (${req.headers["content-encoding"]})`);
    if (!/^\d+$/.test(String(req.headers.ttl ?? ""))) return this.refuse(res, 400, "TTL header missing");
    let payload: unknown;
    try {
      payload = JSON.parse(decryptWebPush(body, sub));
    } catch (err) {
      return this.refuse(res, 400, `payload could not be decrypted: ${(err as Error).message}`);
    }
    const queued = this.answers.get(m[1]!);
    const status = queued?.shift() ?? 201;
    if (status >= 200 && status < 300) this.received.push({ subscriptionId: m[1]!, headers: req.headers, vapid, vapidKey: k, payload });
    res.statusCode = status;
    if (status === 201) res.setHeader("location", `${this.url}/message/${randomUUID()}`);
    res.end();
  }
}

export interface ReceivedFcmMessage {
  project: string;
  message: any;
}

/** Answers FakeFcm gives for a registration token, one per request (then success). */
export type FcmAnswer = "UNREGISTERED" | "UNAVAILABLE" | "UNAUTHENTICATED" | "INVALID_ARGUMENT";

export class FakeFcm {
  url = "";
  readonly projectId = "forma-test-project";
  readonly clientEmail = "forma-push@forma-test-project.iam.gserviceaccount.com";
  private server: Server | null = null;
  private readonly keys = generateKeyPairSync("rsa", { modulusLength: 2048 });
  private readonly kid = randomBytes(8).toString("hex");
  private readonly issued = new Set<string>();
  readonly received: ReceivedFcmMessage[] = [];
  readonly refused: string[] = [];
  /** Token exchanges that succeeded. */
  tokenExchanges = 0;
  readonly answers = new Map<string, FcmAnswer[]>();

  async start(): Promise<this> {
    const { server, url } = await listen((req, res) => this.handle(req, res));
    this.server = server;
    this.url = url;
    return this;
  }

  stop(): Promise<void> {
    return close(this.server);
  }

  /** A service-account key file as the Firebase console downloads it, pointing at this fake's token endpoint. */
  serviceAccountJson(): string {
    return JSON.stringify({
      type: "service_account",
      project_id: this.projectId,
      private_key_id: this.kid,
      private_key: this.keys.privateKey.export({ type: "pkcs8", format: "pem" }),
      client_email: this.clientEmail,
      client_id: "1234567890",
      auth_uri: "https://accounts.google.com/o/oauth2/auth",
      token_uri: `${this.url}/token`,
    });
  }

  answer(token: string, ...answers: FcmAnswer[]): void {
    this.answers.set(token, answers);
  }

  /** Forgets every issued access token (as if they expired). */
  expireAccessTokens(): void {
    this.issued.clear();
  }

  private send(res: ServerResponse, status: number, body: unknown): void {
    res.statusCode = status;
    res.setHeader("content-type", "application/json; charset=utf-8");
    res.end(JSON.stringify(body));
  }

  private fcmError(res: ServerResponse, status: number, grpc: string, message: string, errorCode?: string): void {
    this.send(res, status, {
      error: {
        code: status,
        message,
        status: grpc,
        ...(errorCode ? { details: [{ "@type": "type.googleapis.com/google.firebase.fcm.v1.FcmError", errorCode }] } : {}),
      },
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = (await readBody(req)).toString("utf8");
    if (req.method === "POST" && req.url === "/token") return this.token(req, body, res);
    const m = /^\/v1\/projects\/([^/]+)\/messages:send$/.exec(req.url ?? "");
    if (req.method !== "POST" || !m) return this.fcmError(res, 404, "NOT_FOUND", `unexpected ${req.method} ${req.url}`);
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    if (!bearer || !this.issued.has(bearer)) {
      this.refused.push("missing or unknown OAuth bearer");
      return this.fcmError(res, 401, "UNAUTHENTICATED", "Request had invalid authentication credentials.");
    }
    if (decodeURIComponent(m[1]!) !== this.projectId) {
      this.refused.push(`wrong project ${m[1]}`);
      return this.fcmError(res, 403, "PERMISSION_DENIED", "SenderId mismatch", "SENDER_ID_MISMATCH");
    }
    let parsed: any;
    try {
      parsed = JSON.parse(body);
    } catch {
      return this.fcmError(res, 400, "INVALID_ARGUMENT", "Invalid JSON payload received.");
    }
    const msg = parsed?.message;
    const shapeProblem =
      !msg || typeof msg.token !== "string" || msg.token.length === 0
        ? "message.token is required"
        : typeof msg.notification?.title !== "string" || typeof msg.notification?.body !== "string"
          ? "message.notification needs title and body"
          : msg.data && Object.values(msg.data).some((v) => typeof v !== "string")
            ? "message.data values must be strings"
            : Object.keys(parsed).length !== 1
              ? "only `message` (and validate_only) are accepted"
              : null;
    if (shapeProblem) {
      this.refused.push(shapeProblem);
      return this.fcmError(res, 400, "INVALID_ARGUMENT", shapeProblem, "INVALID_ARGUMENT");
    }
    const answer = this.answers.get(msg.token)?.shift();
    if (answer === "UNREGISTERED") return this.fcmError(res, 404, "NOT_FOUND", "Requested entity was not found.", "UNREGISTERED");
    if (answer === "UNAVAILABLE") return this.fcmError(res, 503, "UNAVAILABLE", "The service is currently unavailable.", "UNAVAILABLE");
    if (answer === "UNAUTHENTICATED") return this.fcmError(res, 401, "UNAUTHENTICATED", "Request had invalid authentication credentials.");
    if (answer === "INVALID_ARGUMENT")
      return this.fcmError(res, 400, "INVALID_ARGUMENT", "The registration token is not a valid FCM registration token", "INVALID_ARGUMENT");
    this.received.push({ project: m[1]!, message: msg });
    return this.send(res, 200, { name: `projects/${this.projectId}/messages/${randomUUID()}` });
  }

  /** RFC 7523 JWT-bearer grant, as Google's token endpoint checks it. */
  private async token(req: IncomingMessage, body: string, res: ServerResponse): Promise<void> {
    const refuse = (why: string) => {
      this.refused.push(why);
      this.send(res, 400, { error: "invalid_grant", error_description: why });
    };
    if (!(req.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded")) return refuse("token request must be form-encoded");
    const form = new URLSearchParams(body);
    if (form.get("grant_type") !== "urn:ietf:params:oauth:grant-type:jwt-bearer") return refuse(`grant_type ${form.get("grant_type")}`);
    const assertion = form.get("assertion") ?? "";
    try {
      const jwk = { ...this.keys.publicKey.export({ format: "jwk" }), kid: this.kid, alg: "RS256", use: "sig" };
      const { payload } = await jwtVerify(assertion, createLocalJWKSet({ keys: [jwk] }), {
        issuer: this.clientEmail,
        audience: `${this.url}/token`,
        algorithms: ["RS256"],
        requiredClaims: ["iat", "exp", "scope"],
      });
      if (payload.exp! - payload.iat! > 3600) return refuse("assertion lifetime over one hour");
      if (!String(payload.scope).split(" ").includes("https://www.googleapis.com/auth/firebase.messaging")) return refuse(`scope ${payload.scope}`);
    } catch (err) {
      return refuse(`assertion rejected: ${(err as Error).message}`);
    }
    const token = `ya29.${randomBytes(24).toString("base64url")}`;
    this.issued.add(token);
    this.tokenExchanges++;
    return this.send(res, 200, { access_token: token, expires_in: 3599, token_type: "Bearer" });
  }
}
