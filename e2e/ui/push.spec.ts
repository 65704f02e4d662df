import { expect, formaClient, ok, test } from "../fixtures";

/**
 * Push notifications on the hosted pages in Chromium: the member's opt-in (permission, the
 * service worker /push-sw.js, the subscription stored for the member) and the service worker
 * showing a push as a notification.
 *
 * What this proves and what it cannot: the test machine has no route to a real push service, so
 * Chromium's PushManager.subscribe() cannot obtain an endpoint from Google's push service here.
 * The opt-in is therefore checked up to that point (prompt granted, worker registered and active,
 * the VAPID key fetched and handed to subscribe(), the failure shown to the member), and the push
 * itself is delivered to the registered worker by Chromium's DevTools protocol
 * (ServiceWorker.deliverPushMessage, the "Push" button of DevTools), which fires the worker's real
 * `push` event with the message the server sends (docs/push.md); the notification it shows is read
 * back with registration.getNotifications(). The server side of the trip (VAPID-signed,
 * aes128gcm-encrypted delivery, FCM, pruning, retries) is covered against local fakes of the push
 * services in server/services/push/push.int.test.ts.
 */

test.describe("push notifications", () => {
  test("a signed-in member opts in and the service worker shows a push as a notification", async ({ page, context, seed, forma, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    await context.grantPermissions(["notifications"], { origin });
    await page.goto(`/workouts?orgId=${seed.organizationId}#memberToken=${seed.accessToken}`);
    await expect(page.getByText(/Signed in as/)).toBeVisible();

    // The opt-in fits the member bar on a 360 px phone without sideways scrolling.
    await page.setViewportSize({ width: 360, height: 740 });
    await expect(page.getByRole("button", { name: "Turn on notifications" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.setViewportSize({ width: 1280, height: 720 });

    const keyRequest = page.waitForResponse((r) => r.url().endsWith(`/api/library/${seed.organizationId}/member/push`) && r.request().method() === "GET");
    await page.getByRole("button", { name: "Turn on notifications" }).click();
    const keyResponse = await keyRequest;
    expect(keyResponse.status()).toBe(200);
    const { data } = (await keyResponse.json()) as { data: { vapidPublicKey: string } };
    expect(Buffer.from(data.vapidPublicKey, "base64url")).toHaveLength(65);

    // The worker is registered for the whole site and running.
    const worker = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return { scope: registration.scope, script: registration.active?.scriptURL, permission: Notification.permission };
    });
    expect(worker).toEqual({ scope: `${origin}/`, script: `${origin}/push-sw.js`, permission: "granted" });

    // Chromium refuses push subscriptions in Playwright's off-the-record context (and, in a
    // persistent profile, never hears back from Google's push service offline): the member is told
    // why, nothing is stored, and the button stays.
    await expect(page.getByRole("status")).toHaveText("This browser could not subscribe to notifications (Registration failed - permission denied).");
    await expect(page.getByRole("button", { name: "Turn on notifications" })).toBeEnabled();
    const stored = ok(
      await forma.GET("/v1/orgs/{organizationId}/endusers/{endUserId}/push-devices", {
        params: { path: { organizationId: seed.organizationId, endUserId: seed.endUser.id } },
      }),
    );
    expect(stored.data.filter((d) => d.platform === "webPush")).toEqual([]);

    // A push reaches the worker as the push service would deliver it: the worker shows it.
    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
        const r = registrations.find((x) => x.scopeURL === `${origin}/` && !x.isDeleted);
        if (r) resolve(r.registrationId);
      });
    });
    await cdp.send("ServiceWorker.enable");
    const message = {
      title: "Forma Demo Studio: 2 new workouts in your library",
      body: "Glute Lab, Core Express",
      url: `${origin}/workouts?orgId=${seed.organizationId}`,
      tag: "library.workouts.assigned",
      data: { notificationId: "0123456789abcdef01234567", template: "library.workouts.assigned", organizationId: seed.organizationId },
    };
    await cdp.send("ServiceWorker.deliverPushMessage", { origin, registrationId: await registrationId, data: JSON.stringify(message) });
    const shown = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data, icon: n.icon })),
      );
    await expect
      .poll(shown, { timeout: 10_000 })
      .toEqual([{ title: message.title, body: message.body, tag: message.tag, data: { url: message.url }, icon: `${origin}/icon.svg` }]);

    // A newer notice with the same tag replaces the older one instead of stacking.
    await cdp.send("ServiceWorker.deliverPushMessage", {
      origin,
      registrationId: await registrationId,
      data: JSON.stringify({ ...message, title: "Forma Demo Studio: 1 new workout in your library", body: "Mobility Flow" }),
    });
    await expect.poll(async () => (await shown()).map((n) => n.body), { timeout: 10_000 }).toEqual(["Mobility Flow"]);
  });

  test("a member registers an app's FCM token with their own access token", async ({ seed }) => {
    const app = formaClient("", seed.accessToken);
    const path = { organizationId: seed.organizationId, endUserId: seed.endUser.id };
    const device = ok(
      await app.POST("/v1/orgs/{organizationId}/endusers/{endUserId}/push-devices", {
        params: { path },
        body: { platform: "fcm", token: `e2e-${Date.now()}:APA91b` },
      }),
    );
    expect(device.data.platform).toBe("fcm");
    const list = ok(await app.GET("/v1/orgs/{organizationId}/endusers/{endUserId}/push-devices", { params: { path } }));
    expect(list.data.map((d) => d.id)).toContain(device.data.id);
    const removed = await app.DELETE("/v1/orgs/{organizationId}/endusers/{endUserId}/push-devices/{deviceId}", {
      params: { path: { ...path, deviceId: device.data.id } },
    });
    expect(removed.response.status).toBe(204);
  });
});
