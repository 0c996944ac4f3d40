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
// Each file with how to fetch it: a name with its content's hash in it ('hashed')
// can be taken from the browser's HTTP cache, where the page's own visit just put
// it (so a first visit downloads it once, not twice); any other name is asked of
// the server again ('no-cache': a host's revalidation answers with no body when it
// has not changed). The computer's engine (its worker) comes last.
const FILES = __FILES__;
// One cache per build, named after the worker's scope, so that two copies of the
// app on one host (in different folders) keep theirs apart.
const PREFIX = 'holdfast ' + self.registration.scope + ' ';
const CACHE = PREFIX + VERSION;

self.addEventListener('install', (event) => {
  // A name without its content's hash is asked of the server again (a host that
  // sends no caching headers could otherwise hand this build an older page); one
  // with it may come from the browser's cache.
  const request = ([file, kind]) => new Request(file, { cache: kind === 'hashed' ? 'force-cache' : 'no-cache' });
  const engine = ([file]) => /^(worker|extras)[-._]/.test(file);
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      cache
        .addAll(FILES.filter((f) => !engine(f)).map(request))
        .then(() => cache.addAll(FILES.filter(engine).map(request)))),
  );
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
  // The app is one page (its screens live in the fragment): a visit to the
  // folder or its index.html, with any query, is that page. Other pages of the
  // host under the folder, if any, go to the network as before.
  const url = new URL(request.url);
  const scope = new URL(self.registration.scope);
  const page = url.pathname === scope.pathname || url.pathname === scope.pathname + 'index.html';
  if (request.mode === 'navigate' && !page) {
    return;
  }
  const key = page ? './' : request;
  event.respondWith(
    caches
      .open(CACHE)
      .then((cache) => cache.match(key, { ignoreSearch: true }))
      .then((hit) => hit || fetch(request)),
  );
});
