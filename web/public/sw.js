/* Vicino's service worker: shows the notices the server sends by Web Push (src/processes/web-push.ts)
   when no page of the site is open, and opens the notice's page when it is tapped. */
self.addEventListener('push', (event) => {
  let notice = { title: 'Vicino', body: '', url: '/' };
  try {
    notice = { ...notice, ...event.data.json() };
  } catch {
    /* a push without a readable body still says something happened */
  }
  event.waitUntil(self.registration.showNotification(notice.title, { body: notice.body, icon: '/favicon.svg', tag: notice.id, data: { url: notice.url } }));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url || '/', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => w.url === url);
      return open ? open.focus() : self.clients.openWindow(url);
    }),
  );
});
