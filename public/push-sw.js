/*
 * Forma's push service worker (registered by the member's "Turn on notifications" on the hosted
 * pages, scope /). A push carries JSON { title, body, url, tag, data } (server/services/push):
 * it is shown as a notification; a click focuses or opens the library page it links to, on this
 * origin only.
 */
self.addEventListener("push", (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : "" };
  }
  const title = typeof message.title === "string" && message.title ? message.title : "New in your library";
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof message.body === "string" ? message.body : "",
      tag: typeof message.tag === "string" ? message.tag : undefined,
      icon: "/icon.svg",
      data: { url: typeof message.url === "string" ? message.url : "/" },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  let target = new URL("/", self.location.origin);
  try {
    const url = new URL(event.notification.data?.url, self.location.origin);
    if (url.origin === self.location.origin) target = url;
  } catch {}
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => w.url === target.href);
      return open ? open.focus() : self.clients.openWindow(target.href);
    }),
  );
});
