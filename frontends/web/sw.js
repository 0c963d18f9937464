// sw.js — the page's service worker: the page's own files kept in this browser, so the
// app opens from a phone's home screen with the network gone (the lobby then says it
// cannot reach the server). The network comes first, so an update shows at the next
// load; the copy is only for when there is none. Nothing else is cached: no game, no
// message of the server's.

const CACHE = 'draughts-shell';
const SHELL = ['/', '/app.js', '/board.js', '/dom.js', '/friends.js', '/game.js', '/net.js', '/sound.js', '/theme.js',
               '/style.css', '/favicon.svg', '/manifest.webmanifest'];

self.addEventListener('install', (ev) => {
  ev.waitUntil(caches.open(CACHE).then((c) => c.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (ev) => ev.waitUntil(self.clients.claim()));

// A page's file: from the network (and kept), else the kept copy; '/g/CODE' is the page.
self.addEventListener('fetch', (ev) => {
  const url = new URL(ev.request.url);
  if (ev.request.method !== 'GET' || url.origin !== location.origin || url.pathname.startsWith('/games/')) return;
  const key = url.pathname.startsWith('/g/') ? '/' : url.pathname;
  if (!SHELL.includes(key)) return;
  ev.respondWith(fetch(ev.request).then((res) => {
    if (res.ok) {
      const copy = res.clone();
      caches.open(CACHE).then((c) => c.put(key, copy));
    }
    return res;
  }).catch(() => caches.match(key).then((hit) => hit || Response.error())));
});
