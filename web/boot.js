// The first script of the page, run before anything is drawn: it chooses the
// language (the one kept in the settings, else the first of the browser's that the
// app speaks, as crates/holdfast-web/src/i18n.rs does), marks it on <html lang>
// (the first screen in index.html shows its own words by it), and loads that
// language's catalogue only: web/en.js (the rules pages' English) or web/uk.js
// (everything in Ukrainian). Another catalogue loads when the player switches
// language (`holdfastCatalogues.load`), and the app says everything again when it
// arrives (the page's `holdfast-catalogue` event). The app waits for the first
// catalogue before drawing (or for the same event after a few seconds: a catalogue
// that never comes must not keep the games from starting).
(function () {
  'use strict';
  var root = document.documentElement;
  var lang = null;
  try {
    var stored = JSON.parse(window.localStorage.getItem('holdfast.settings') || '{}');
    if (stored && (stored.lang === 'en' || stored.lang === 'uk')) lang = stored.lang;
  } catch (e) {
    lang = null;
  }
  if (!lang) {
    var codes = navigator.languages && navigator.languages.length
      ? navigator.languages : [navigator.language || ''];
    for (var i = 0; i < codes.length && !lang; i++) {
      var code = String(codes[i]).split('-')[0].toLowerCase();
      if (code === 'en' || code === 'uk') lang = code;
    }
  }
  lang = lang || 'en';
  root.lang = lang;

  var all = window.holdfastCatalogues = window.holdfastCatalogues || {};
  var loading = {};
  // Loads `code`'s catalogue once; resolves when it is there (or failed to come).
  all.load = function (code) {
    if (all[code]) return Promise.resolve();
    if (!loading[code]) {
      loading[code] = new Promise(function (done) {
        var script = document.createElement('script');
        script.src = code + '.js';
        script.onload = script.onerror = function () {
          all.settled = true;
          done();
          window.dispatchEvent(new Event('holdfast-catalogue'));
        };
        document.head.appendChild(script);
      });
    }
    return loading[code];
  };
  all.load(lang);
  // The app waits for it (index.html's first screen stays up meanwhile), but not
  // for ever: past a few seconds it starts in English, and says it all again in
  // the language when the catalogue comes.
  // (`settled` tells an app that starts after the event that it need not wait.)
  setTimeout(function () {
    all.settled = true;
    window.dispatchEvent(new Event('holdfast-catalogue'));
  }, 5000);

  // A game's book of lessons (lessons/GAME.json), fetched when its lessons are
  // first opened: the page's `holdfast-lessons` event brings its text (`game`,
  // `text`), or why it did not come (`game`, `error`).
  window.holdfastLessons = {
    load: function (game) {
      var said = function (key, value) {
        var e = new Event('holdfast-lessons');
        e.game = game;
        e[key] = value;
        window.dispatchEvent(e);
      };
      fetch('lessons/' + encodeURIComponent(game) + '.json').then(function (r) {
        if (!r.ok) throw new Error('HTTP ' + r.status);
        return r.text();
      }).then(function (text) { said('text', text); },
        function (e) { said('error', String(e && e.message || e)); });
    }
  };

  // The pages most visits never open (#bench, #maps), an app of their own
  // (extras.js, extras_bg.wasm): loaded the first time one opens, then started in
  // the host element the main app draws with the page asked for (`bench`, `maps`,
  // `maps/...`), told of another page while it runs, and stopped when the player
  // leaves them.
  var extras = { script: null, root: null, running: null };
  window.holdfastExtras = {
    open: function (root, page) {
      extras.root = root;
      if (!extras.script) {
        extras.script = new Promise(function (done, fail) {
          var script = document.createElement('script');
          script.src = 'extras.js';
          // (extras.js declares the global `wasm_bindgen`, the extra app's loader.)
          script.onload = function () { wasm_bindgen({ module_or_path: './extras_bg.wasm' }).then(done, fail); };
          script.onerror = fail;
          document.head.appendChild(script);
        });
      }
      extras.script.then(function () {
        if (extras.root !== root) return;
        if (extras.running === root) {
          wasm_bindgen.show(page);
        } else {
          extras.running = root;
          wasm_bindgen.start(root, page);
        }
      }, function () {
        // (Tried again the next time one of the pages opens: offline now, maybe
        // not then.)
        extras.script = null;
        root.textContent = root.dataset.failed || 'This page could not be loaded.';
      });
    },
    close: function (root) {
      if (extras.root === root) extras.root = null;
      if (extras.running !== root) return;
      extras.running = null;
      if (typeof wasm_bindgen !== 'undefined' && wasm_bindgen.stop) wasm_bindgen.stop();
    },
  };
})();
