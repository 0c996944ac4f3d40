// Holdfast's service worker: it keeps the release build's files, so that after one
// visit the app starts and plays with no network. scripts/offline.py writes the
// list of files and the build's version in (a development build gets none: there
// the worker is not installed).
//
// A new version installs beside the running one and waits: the browser starts it
// once every tab of the old one has closed, so a game is never switched under a
// player's fingers. The page (web/offline.js) says that it is ready.
'use strict';

const VERSION = '__VERSION__';
const FILES = __FILES__;
// One cache per build, named after the worker's scope, so that two copies of the
// app on one host (in different folders) keep theirs apart.
const PREFIX = 'holdfast ' + self.registration.scope + ' ';
const CACHE = PREFIX + VERSION;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((k) => k.startsWith(PREFIX) && k !== CACHE).map((k) => caches.delete(k))),
      )
      // The first version takes the page that installed it at once (there is no
      // older one to wait for): that visit already works offline.
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) {
    return;
  }
  // Every page of the app is its one page (the screens live in the fragment).
  const key = request.mode === 'navigate' ? './' : request;
  event.respondWith(
    caches
      .open(CACHE)
      .then((cache) => cache.match(key, { ignoreSearch: true }))
      .then((hit) => hit || fetch(request)),
  );
});
