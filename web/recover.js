// The recovery screen. If the app's WebAssembly stops (a Rust panic, which the
// app's panic hook logs and writes into <html data-panic>, or any other error
// thrown out of the wasm), the page would stay frozen or blank. This plain script,
// loaded before the app and independent of it, replaces the page with what
// happened and what the player can do: reload, take the open game away (its link,
// or a file), or set that game aside so the app starts without it. Saved games
// are never deleted here. It reads the same storage keys as the app
// (crates/holdfast-web/src/storage.rs) and writes a link the app opens (#record=).
(function () {
  'use strict';
  const GAME = 'holdfast.game.';
  const ASIDE = 'holdfast.corrupt.';
  const CURRENT = 'holdfast.current';
  // The save being replayed at start-up (storage.rs's load_all, in this tab's
  // session storage): if the app stopped there, that game is the one to take away
  // or set aside.
  const LOADING = 'holdfast.loading';
  // The longest link the app opens (link.rs's MAX_LINK_CHARS).
  const MAX_LINK = 200000;
  let shown = false;

  function storage() {
    try {
      return window.localStorage;
    } catch (e) {
      return null;
    }
  }

  // The game the app was on (the one it was opening at start-up, else the open
  // one): its id and stored entry, if there is one.
  function openGame() {
    const s = storage();
    if (!s) return null;
    let loading = null;
    try {
      loading = window.sessionStorage.getItem(LOADING);
    } catch (e) {
      loading = null;
    }
    const id = loading || s.getItem(CURRENT);
    if (!id) return null;
    const text = s.getItem(GAME + id);
    if (!text) return null;
    let record = null;
    try {
      record = JSON.parse(text).record || null;
    } catch (e) {
      record = null;
    }
    return { id, text, record };
  }

  function el(tag, attrs, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    for (const c of children) e.append(c);
    return e;
  }

  // The screen in the app's language (`<html lang>`): the English is the key into
  // the Ukrainian catalogue (web/uk.js, on the page by the time this is shown), as in
  // the app;
  // tests/i18n.rs reads the English of every call of tr here.
  function tr(english) {
    const uk = document.documentElement.lang === 'uk' && (window.holdfastCatalogues || {}).uk;
    return (uk && uk[english]) || english;
  }

  function button(label, action, onClick) {
    const b = el('button', { type: 'button', 'data-recovery': action }, label);
    b.addEventListener('click', onClick);
    return b;
  }

  function show(detail) {
    if (shown) return;
    shown = true;
    const game = openGame();
    const status = el('p', { class: 'recovery-status', role: 'status' });
    const actions = el('div', { class: 'recovery-actions' },
      button(tr('Reload'), 'reload', () => location.reload()));
    const parts = [
      el('h1', {}, tr('Holdfast stopped')),
      el('p', {}, tr('Something went wrong inside the app and it cannot go on in this page. Your saved games are still stored in this browser.')),
    ];
    if (game) {
      const url = location.origin + location.pathname + '#record='
        + encodeURIComponent(JSON.stringify(game.record));
      const linkFits = url.length - url.indexOf('#') - 1 <= MAX_LINK;
      parts.push(el('p', {}, tr('The game you had open can be taken away before you reload: copy its link, or download it as a file. If the app stops each time it opens that game, set the game aside: the app then starts without it, and the game is kept in this browser\'s storage.')));
      const link = el('textarea', { class: 'recovery-link', readonly: '', rows: '3', hidden: '', 'aria-label': tr('The game\'s link') });
      link.value = url;
      if (game.record && !linkFits) {
        parts.push(el('p', {}, tr('The game is too long for a link: download it instead.')));
      }
      if (game.record && linkFits) {
        actions.append(button(tr('Copy its link'), 'copy-link', () => {
          const done = () => { status.textContent = tr('The link is copied.'); };
          const fail = () => {
            status.textContent = tr('The browser would not copy; the link is below.');
            link.hidden = false;
            link.select();
          };
          if (navigator.clipboard) navigator.clipboard.writeText(url).then(done, fail);
          else fail();
        }));
      }
      if (game.record) {
        actions.append(button(tr('Download it'), 'download', () => {
          const blob = new Blob([JSON.stringify(game.record, null, 1)], { type: 'application/json' });
          const a = el('a', { href: URL.createObjectURL(blob), download: 'holdfast-' + game.id + '.json' });
          document.body.append(a);
          a.click();
          a.remove();
          status.textContent = tr('The game is downloaded.');
        }));
      }
      actions.append(button(tr('Set it aside and reload'), 'set-aside', () => {
        const s = storage();
        try {
          let key = ASIDE + game.id;
          for (let n = 2; s.getItem(key) !== null; n++) key = ASIDE + game.id + '.' + n;
          s.setItem(key, game.text);
          s.removeItem(GAME + game.id);
          s.removeItem(CURRENT);
          try { window.sessionStorage.removeItem(LOADING); } catch (e) { /* none */ }
          location.hash = '';
          location.reload();
        } catch (e) {
          status.textContent = tr('The browser refused to store the copy, so the game was left where it was.');
        }
      }));
      parts.push(actions, link);
    } else {
      parts.push(actions);
    }
    parts.push(status);
    if (detail) {
      parts.push(el('details', {}, el('summary', {}, tr('What happened')), el('pre', {}, detail)));
    }
    const main = el('main', { class: 'recovery', role: 'alert', 'data-recovery-screen': '' }, ...parts);
    document.body.replaceChildren(main);
  }

  function panicMessage() {
    return document.documentElement.getAttribute('data-panic');
  }

  // A Rust panic ends in a trap (WebAssembly.RuntimeError) thrown out of the wasm,
  // after the panic hook has written its message; a wasm that cannot be fetched,
  // compiled or linked fails the app's start (any error before the app has drawn
  // itself is fatal). Other errors leave the app running.
  function fromWasm(error) {
    if (panicMessage() !== null) return true;
    if (!document.querySelector('.app')) return true;
    if (typeof WebAssembly === 'undefined') return false;
    return error instanceof WebAssembly.RuntimeError
      || error instanceof WebAssembly.CompileError
      || error instanceof WebAssembly.LinkError;
  }

  window.addEventListener('error', (e) => {
    if (fromWasm(e.error)) show(panicMessage() || String(e.error || e.message));
  });
  window.addEventListener('unhandledrejection', (e) => {
    if (fromWasm(e.reason)) show(panicMessage() || String(e.reason));
  });
})();
