/* global self, URL */
/* Push notifications, imported by the generated service worker (vite.config.ts workbox.importScripts). */
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { title: event.data ? event.data.text() : '' };
  }
  const title = data.title || 'Dentix';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: data.body || data.msg || '',
      icon: '/icon-192.png',
      badge: '/icon-192.png',
      tag: data.key || undefined,
      data: { routeName: data.routeName || '/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const route = (event.notification.data && event.notification.data.routeName) || '/';
  // only paths of this app: never open another site from a payload
  const path = typeof route === 'string' && route.startsWith('/') && !route.startsWith('//') ? route : '/';
  const target = new URL(path, self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        if ('navigate' in open && open.url !== target) await open.navigate(target).catch(() => undefined);
        return;
      }
      await self.clients.openWindow(target);
    }),
  );
});
