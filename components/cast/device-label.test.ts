import { describe, expect, it } from "vitest";
import { deviceKindOf, deviceLabel, newDeviceId } from "./device-label";

const UUID = "3f2a9c1e-0b7d-4c55-9e21-7a6b5c4d3e2f";

describe("cast device labels", () => {
  it("names the hosted controller's devices by kind and a short code", () => {
    const android = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";
    const iphone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
    expect(deviceKindOf(android)).toBe("android");
    expect(deviceKindOf(iphone)).toBe("iphone");
    expect(deviceKindOf("Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/140")).toBe("linux");
    expect(deviceKindOf("curl/8")).toBe("browser");
    expect(newDeviceId(android, UUID)).toBe(`web-android-${UUID}`);
    expect(deviceLabel(newDeviceId(android, UUID))).toBe("Android phone · 3F2A");
    expect(deviceLabel(newDeviceId(iphone, UUID))).toBe("iPhone · 3F2A");
    // Ids made before the kind was part of them.
    expect(deviceLabel(`web-${UUID}`)).toBe("Web browser · 3F2A");
  });

  it("shows other clients' ids as they are, shortened when long", () => {
    expect(deviceLabel("e2e-phone")).toBe("e2e-phone");
    expect(deviceLabel("web-unknownkind-not-a-uuid")).toBe("web-unknownkind-not-a-u…");
    expect(deviceLabel("a".repeat(24))).toBe("a".repeat(24));
    expect(deviceLabel("b".repeat(40))).toBe(`${"b".repeat(23)}…`);
  });
});
