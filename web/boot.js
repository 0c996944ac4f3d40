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

  // The benchmark page (#bench), an app of its own (bench.js, bench_bg.wasm):
  // loaded the first time the page opens, then started in the host element the
  // main app draws, and stopped when the player leaves.
  var bench = { script: null, wanted: null };
  window.holdfastBench = {
    open: function (root) {
      bench.wanted = root;
      if (!bench.script) {
        bench.script = new Promise(function (done, fail) {
          var script = document.createElement('script');
          script.src = 'bench.js';
          // (bench.js declares the global `wasm_bindgen`, the bench app's loader.)
          script.onload = function () { wasm_bindgen({ module_or_path: './bench_bg.wasm' }).then(done, fail); };
          script.onerror = fail;
          document.head.appendChild(script);
        });
      }
      bench.script.then(function () {
        if (bench.wanted === root) wasm_bindgen.start(root);
      }, function () {
        root.textContent = root.dataset.failed || 'The benchmark could not be loaded.';
      });
    },
    close: function () {
      bench.wanted = null;
      if (bench.script && typeof wasm_bindgen !== 'undefined' && wasm_bindgen.stop) wasm_bindgen.stop();
    },
  };
})();
