// Offline and installable: registers the service worker (web/sw.js), and says when
// a new version of the app has been downloaded and waits for the next start (it
// never replaces the running one mid-game). Loaded apart from the app, like
// recover.js, so that it works whatever the wasm does.
(function () {
  'use strict';
  if (!('serviceWorker' in navigator)) return;

  function announce() {
    if (document.querySelector('[data-update-ready]')) return;
    const box = document.createElement('div');
    box.className = 'update-ready';
    box.setAttribute('role', 'status');
    box.dataset.updateReady = '';
    const text = document.createElement('p');
    text.textContent = document.documentElement.lang === 'uk'
      ? 'Нова версія Holdfast готова: вона запуститься, коли ви відкриєте Holdfast наступного разу. Ця гра продовжується як є.'
      : 'A new version of Holdfast is ready: it starts the next time you open Holdfast. This game carries on as it is.';
    const close = document.createElement('button');
    close.type = 'button';
    close.textContent = 'OK';
    close.dataset.action = 'update-ok';
    close.addEventListener('click', function () { box.remove(); });
    box.appendChild(text);
    box.appendChild(close);
    document.body.appendChild(box);
  }

  // Not before the app runs and the page is idle: on a first visit the offline
  // copy (every file of the build, the computer's engine last) must not compete
  // with the page's own downloads. The app marks <html data-started> and fires
  // `holdfast-started` when it has drawn its first screen.
  function whenStarted(then) {
    if (document.documentElement.hasAttribute('data-started')) then();
    else window.addEventListener('holdfast-started', then, { once: true });
  }
  function whenLoaded(then) {
    if (document.readyState === 'complete') then();
    else window.addEventListener('load', then, { once: true });
  }
  function whenIdle(then) {
    if (window.requestIdleCallback) window.requestIdleCallback(then, { timeout: 10000 });
    else setTimeout(then, 2000);
  }

  whenStarted(function () { whenLoaded(function () { whenIdle(register); }); });

  function register() {
    navigator.serviceWorker.register('sw.js').then(function (reg) {
      // (With no controller this is the first install, not an update.)
      const ready = function () {
        if (reg.waiting && navigator.serviceWorker.controller) announce();
      };
      ready();
      reg.addEventListener('updatefound', function () {
        const incoming = reg.installing;
        if (!incoming) return;
        incoming.addEventListener('statechange', function () {
          if (incoming.state === 'installed') ready();
        });
      });
    }).catch(function () {
      // No worker (a development build, or a browser that refuses one): the app
      // works as before, online.
    });
  }
})();
