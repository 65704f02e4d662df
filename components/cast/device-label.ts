/**
 * How a cast display names the phone that controls it. Cast device ids are opaque strings the
 * controller chooses (REST clients send their own); the hosted controller makes ids that carry
 * the kind of device it runs on (`web-android-<uuid>`), so the screen can say "Android phone ·
 * 3F2A" and a room with several phones can tell which one is in control. Pure (unit-tested).
 */

const KINDS: Record<string, string> = {
  android: "Android phone",
  iphone: "iPhone",
  ipad: "iPad",
  mac: "Mac",
  windows: "Windows computer",
  linux: "Linux computer",
  browser: "Web browser",
};

/** The device kind of a user agent, as the hosted controller writes it into its device id. */
export function deviceKindOf(userAgent: string): keyof typeof KINDS {
  const ua = userAgent.toLowerCase();
  if (ua.includes("android")) return "android";
  if (ua.includes("iphone")) return "iphone";
  if (ua.includes("ipad")) return "ipad";
  if (ua.includes("windows")) return "windows";
  if (ua.includes("mac os") || ua.includes("macintosh")) return "mac";
  if (ua.includes("linux")) return "linux";
  return "browser";
}

/** A new device id for the hosted controller: `web-<kind>-<uuid>`. */
export function newDeviceId(userAgent: string, uuid: string): string {
  return `web-${deviceKindOf(userAgent)}-${uuid}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A short name of a paired device for the screen: its kind and a short code, or the id itself. */
export function deviceLabel(deviceId: string): string {
  const web = /^web-(?:([a-z]+)-)?(.+)$/.exec(deviceId);
  if (web && UUID.test(web[2]!)) {
    const kind = (web[1] && KINDS[web[1]]) || KINDS.browser!;
    return `${kind} · ${web[2]!.slice(0, 4).toUpperCase()}`;
  }
  return deviceId.length > 24 ? `${deviceId.slice(0, 23)}…` : deviceId;
}
