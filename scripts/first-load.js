// A newcomer's first visit to the built app (dist/) on a slow phone, measured.
//
// What it measures, in ms from navigation start (performance.timeOrigin), each
// scenario in a fresh browser with an empty profile (no HTTP cache, no service
// worker, no storage), a phone's screen (360x740, 2x, touch) and its CPU slowed 4x:
//   - home: the first paint of anything (the `first-paint` entry, or
//     `first-contentful-paint` if earlier), and when the home page's first board
//     (`.card svg.board`) is in the DOM and visible, recorded inside the page by a
//     MutationObserver (so the figure does not depend on polling from here); the bytes
//     the server sent before that board and in the whole visit, and what was fetched
//     after the board (the service worker's install, mostly);
//   - link: a game link (`#c=...`) opened in a fresh browser, and when the play
//     screen's board (`.play svg.board`) appears.
// Each scenario runs N times; a line a run, then the medians beside the goals, and
// one JSON line of the medians at the end.
//
// Why the throttling is in this script's own server and not Chromium's: the DevTools
// network throttling applies to the page's requests only, not to the fetches a service
// worker makes (its install downloads every file of the build, racing the page for the
// link). Here every request waits 150 ms before its first byte, and all the bytes of
// all connections share ONE 1.6 Mbit/s link (a global queue of small chunks, so two
// parallel downloads get about half each), whoever asked for them.
//
// The server serves the directory as a production host would: gzip for the text and
// wasm files to a browser that accepts it (compressed once per file version and kept),
// `Cache-Control: no-cache`, Last-Modified and an ETag, and 304 to If-None-Match.
//
//   node scripts/first-load.js [--runs N] [--dist DIR] [--port PORT] [--link FRAGMENT]
//                              [--no-throttle] [--cpu RATE] [--only home|link]
//                              [--check] [--verbose]
// (scripts/first-load.sh checks that there is a build first.)
'use strict';

const crypto = require('crypto');
const { execFileSync } = require('child_process');
const fs = require('fs');
const http = require('http');
const path = require('path');
const zlib = require('zlib');

const ROOT = path.resolve(__dirname, '..');
const GOALS = { paint: 1500, home: 4000, link: 4500 };
const CHUNK = 2048; // bytes a turn on the link
const TIMEOUT = 120_000; // for a board to appear, and for the visit to settle

const usage = `usage: node scripts/first-load.js [options]
  --runs N          runs of each scenario (default 3)
  --dist DIR        the built site to serve (default dist/)
  --port PORT       the server's port (default: a free one)
  --link FRAGMENT   the game link's fragment (#c=...) for the link scenario
                    (default: \`target/release/holdfast link tests/fixtures/fort-07.json\`,
                    else tests/e2e/first-load.link)
  --no-throttle     no latency, no bandwidth limit and no CPU slowdown (to compare)
  --latency MS      the wait before each response's first byte (default 150)
  --mbps MBIT       the shared link's speed in Mbit/s (default 1.6)
  --cpu RATE        the CPU slowdown (default 4; 1 with --no-throttle)
  --only SCENARIO   home or link
  --check           exit 1 when a goal is missed
  --verbose         list every request of every run`;

function parseArgs(argv) {
  const o = {
    runs: 3, dist: path.join(ROOT, 'dist'), port: 0, link: null, throttle: true,
    latency: null, mbps: null, cpu: null, only: null, check: false, verbose: false,
  };
  const value = (i, name) => {
    if (i + 1 >= argv.length) fail(`${name} needs a value\n${usage}`);
    return argv[i + 1];
  };
  const number = (s, name, min) => {
    const n = Number(s);
    if (!Number.isFinite(n) || n < min) fail(`${name} must be a number of at least ${min}, not ${s}`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    switch (a) {
      case '--runs': o.runs = Math.floor(number(value(i, a), a, 1)); i++; break;
      case '--dist': o.dist = path.resolve(value(i, a)); i++; break;
      case '--port': o.port = Math.floor(number(value(i, a), a, 0)); i++; break;
      case '--link': o.link = value(i, a); i++; break;
      case '--latency': o.latency = number(value(i, a), a, 0); i++; break;
      case '--mbps': o.mbps = number(value(i, a), a, 0.01); i++; break;
      case '--cpu': o.cpu = number(value(i, a), a, 1); i++; break;
      case '--only':
        o.only = value(i, a);
        if (!['home', 'link'].includes(o.only)) fail(`--only takes home or link, not ${o.only}`);
        i++;
        break;
      case '--no-throttle': o.throttle = false; break;
      case '--check': o.check = true; break;
      case '--verbose': case '-v': o.verbose = true; break;
      case '--help': case '-h': console.log(usage); process.exit(0); break;
      default: fail(`unknown option ${a}\n${usage}`);
    }
  }
  if (o.latency === null) o.latency = o.throttle ? 150 : 0;
  if (o.mbps === null) o.mbps = o.throttle ? 1.6 : 0; // 0: unlimited
  if (o.cpu === null) o.cpu = o.throttle ? 4 : 1;
  return o;
}

function fail(message, code = 2) {
  console.error(message);
  process.exit(code);
}

// Wall-clock milliseconds, as fine as the page's performance.timeOrigin + now().
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

// ---------------------------------------------------------------------------
// The link: one queue for every byte the server sends. A chunk waits until the
// link is free, then occupies it for its length at the link's speed; a response
// asks for its next chunk only once the last one has passed, so parallel
// responses take turns (each about its share). A little slack (one chunk's time)
// keeps timer lateness from eating the bandwidth.
class Link {
  constructor(mbps) {
    this.bytesPerMs = mbps > 0 ? (mbps * 1e6) / 8 / 1000 : 0;
    this.free = 0;
    this.slack = this.bytesPerMs ? CHUNK / this.bytesPerMs : 0;
  }

  async pass(bytes) {
    if (!this.bytesPerMs) return;
    const start = Math.max(this.free, now() - this.slack);
    this.free = start + bytes / this.bytesPerMs;
    await sleep(this.free - now());
  }
}

// ---------------------------------------------------------------------------
// The server.
const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8', '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8', '.svg': 'image/svg+xml', '.png': 'image/png',
  '.ico': 'image/x-icon', '.json': 'application/json', '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};
const COMPRESSED = new Set(['.wasm', '.js', '.css', '.html', '.svg', '.json', '.webmanifest']);

function acceptsGzip(header) {
  return String(header || '').split(',').some((part) => {
    const [coding, ...params] = part.trim().split(';').map((s) => s.trim());
    if (coding !== 'gzip' && coding !== '*') return false;
    const q = params.find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}

function startServer(opts) {
  const link = new Link(opts.mbps);
  const files = new Map(); // absolute path -> its version: bytes, gzipped bytes, ETag
  const state = { log: [], inFlight: 0, last: now(), nextId: 1 };
  const sockets = new Set();

  const version = (file, stat) => {
    let v = files.get(file);
    if (!v || v.mtimeMs !== stat.mtimeMs || v.size !== stat.size) {
      const raw = fs.readFileSync(file);
      const hash = crypto.createHash('sha1').update(raw).digest('hex').slice(0, 20);
      v = {
        mtimeMs: stat.mtimeMs, size: stat.size, raw, hash, gz: null,
        lastModified: new Date(Math.floor(stat.mtimeMs / 1000) * 1000).toUTCString(),
      };
      files.set(file, v);
    }
    return v;
  };

  // Every file read and compressed ahead, so that no run pays for it.
  const warm = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, e.name);
      if (e.isDirectory()) {
        warm(file);
      } else if (e.isFile()) {
        const v = version(file, fs.statSync(file));
        if (COMPRESSED.has(path.extname(file).toLowerCase()) && !v.gz) v.gz = zlib.gzipSync(v.raw, { level: 9 });
      }
    }
  };
  warm(opts.dist);

  const server = http.createServer(async (req, res) => {
    const received = now();
    const url = new URL(req.url, 'http://host');
    const referer = req.headers.referer ? new URL(req.headers.referer, 'http://host').pathname : '';
    const entry = {
      id: state.nextId++, t: received, method: req.method, path: url.pathname + url.search,
      status: 0, bytes: 0, gzip: false, done: null, aborted: false,
      // Chromium asks for a worker's script with `Service-Worker: script`; what the
      // service worker fetches itself comes with the worker's URL as the referrer.
      who: req.headers['service-worker'] === 'script' ? 'sw-script'
        : /\/sw\.js$/.test(referer) ? 'sw' : 'page',
    };
    state.log.push(entry);
    state.inFlight++;
    let closed = false;
    const finish = () => {
      if (entry.done !== null) return;
      entry.done = now();
      state.inFlight--;
      state.last = entry.done;
    };
    res.on('finish', finish);
    res.on('close', () => {
      closed = true;
      if (entry.done === null) entry.aborted = true;
      finish();
    });

    await sleep(opts.latency);
    if (closed) return;

    const answer = (status, headers = {}, body = null) => {
      entry.status = status;
      res.writeHead(status, headers);
      return body;
    };
    let name;
    try {
      name = decodeURIComponent(url.pathname);
    } catch {
      name = null;
    }
    let file = name && path.join(opts.dist, name);
    let body = null;
    if (!file || (file !== opts.dist && !file.startsWith(opts.dist + path.sep))) {
      answer(400, { 'Content-Length': 0 });
    } else {
      let stat = fs.statSync(file, { throwIfNoEntry: false });
      if (stat && stat.isDirectory()) {
        if (!url.pathname.endsWith('/')) {
          answer(301, { Location: url.pathname + '/' + url.search, 'Content-Length': 0 });
          stat = null;
          file = null;
        } else {
          file = path.join(file, 'index.html');
          stat = fs.statSync(file, { throwIfNoEntry: false });
        }
      }
      if (file && !(stat && stat.isFile())) {
        answer(404, { 'Content-Type': 'text/plain', 'Content-Length': 10 });
        body = Buffer.from('not found\n');
      } else if (file) {
        const v = version(file, stat);
        const ext = path.extname(file).toLowerCase();
        const gzip = COMPRESSED.has(ext) && acceptsGzip(req.headers['accept-encoding']);
        const etag = `"${v.hash}${gzip ? '-gz' : ''}"`;
        const headers = {
          'Content-Type': TYPES[ext] || 'application/octet-stream',
          'Cache-Control': 'no-cache',
          'Last-Modified': v.lastModified,
          ETag: etag,
        };
        if (COMPRESSED.has(ext)) headers.Vary = 'Accept-Encoding';
        const inm = req.headers['if-none-match'];
        const ims = req.headers['if-modified-since'];
        const fresh = inm !== undefined
          ? inm.split(',').map((s) => s.trim().replace(/^W\//, '')).some((t) => t === '*' || t === etag)
          : ims !== undefined && Date.parse(ims) >= Date.parse(v.lastModified);
        if (fresh) {
          answer(304, headers);
        } else {
          if (gzip && !v.gz) v.gz = zlib.gzipSync(v.raw, { level: 9 });
          body = gzip ? v.gz : v.raw;
          entry.gzip = gzip;
          if (gzip) headers['Content-Encoding'] = 'gzip';
          headers['Content-Length'] = body.length;
          answer(200, headers);
          if (req.method === 'HEAD') body = null;
        }
      }
    }
    if (body) {
      for (let at = 0; at < body.length && !closed; at += CHUNK) {
        const chunk = body.subarray(at, at + CHUNK);
        await link.pass(chunk.length);
        if (closed) break;
        entry.bytes += chunk.length;
        if (!res.write(chunk)) await new Promise((r) => res.once('drain', r));
      }
    }
    res.end();
  });
  server.keepAliveTimeout = 30_000;
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, '127.0.0.1', () => resolve({
      url: `http://127.0.0.1:${server.address().port}/`,
      state,
      reset() {
        state.log = [];
      },
      stop: () => new Promise((done) => {
        for (const s of sockets) s.destroy();
        server.close(done);
      }),
    }));
  });
}

// ---------------------------------------------------------------------------
// The browser.

// Installed in every page before its scripts: records, by performance.now(), when
// the first board of the home page's cards and of the play screen is in the DOM and
// visible (and the frame after), and when each first entered the DOM at all.
const OBSERVER = `(() => {
  const fl = { home: null, homeInDom: null, homeFrame: null, play: null, playInDom: null, playFrame: null };
  Object.defineProperty(window, '__firstLoad', { value: fl });
  const wanted = [['home', '.card svg.board'], ['play', '.play svg.board']];
  const shown = (el) => {
    const r = el.getBoundingClientRect();
    if (!(r.width > 0 && r.height > 0)) return false;
    return el.checkVisibility ? el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) : true;
  };
  let retry = false;
  const check = () => {
    const t = performance.now();
    let waiting = false;
    for (const [key, selector] of wanted) {
      if (fl[key] !== null) continue;
      const el = document.querySelector(selector);
      if (!el) continue;
      if (fl[key + 'InDom'] === null) fl[key + 'InDom'] = t;
      if (shown(el)) {
        fl[key] = t;
        requestAnimationFrame(() => { fl[key + 'Frame'] = performance.now(); });
      } else {
        waiting = true;
      }
    }
    if (fl.home !== null && fl.play !== null) observer.disconnect();
    // In the DOM but not yet visible (no layout yet): look again next frame.
    if (waiting && !retry) {
      retry = true;
      requestAnimationFrame(() => { retry = false; check(); });
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['class', 'style', 'hidden'] });
})();`;

function loadPlaywright() {
  for (const name of ['playwright-core', '@playwright/test']) {
    try {
      return require(require.resolve(name, { paths: [ROOT, __dirname] })).chromium;
    } catch {
      // the next one
    }
  }
  return fail('neither playwright-core nor @playwright/test is installed: run ./scripts/setup.sh (npm ci)');
}

async function visit(chromium, server, opts, scenario, fragment) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const errors = [];
  try {
    // A new browser and a new context: an empty profile, as on a first visit.
    const context = await browser.newContext({
      viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true,
    });
    await context.addInitScript(OBSERVER);
    const page = await context.newPage();
    page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(`console: ${m.text()}`);
    });
    const cdp = await context.newCDPSession(page);
    if (opts.cpu > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: opts.cpu });

    server.reset();
    const key = scenario === 'home' ? 'home' : 'play';
    await page.goto(server.url + (fragment || ''), { waitUntil: 'commit', timeout: TIMEOUT });
    // Only to know when to read the figures: they are taken in the page.
    await page.waitForFunction((k) => {
      const fl = window.__firstLoad;
      // (A link that shows the home page instead of its game: given up on 3 s later.)
      return fl[k] !== null || (k === 'play' && fl.home !== null && performance.now() - fl.home > 3000);
    }, key, { polling: 200, timeout: TIMEOUT });
    const figures = await page.evaluate(() => {
      const paints = Object.fromEntries(performance.getEntriesByType('paint').map((e) => [e.name, e.startTime]));
      return {
        origin: performance.timeOrigin, paints, fl: { ...window.__firstLoad },
        navRequest: (performance.getEntriesByType('navigation')[0] || {}).requestStart || null,
        hash: location.hash.slice(0, 40),
      };
    });
    const boardAt = figures.fl[key];
    if (boardAt === null) throw new Error(`the link opened the home page, not a game (${figures.hash}…)`);
    // The server's clock against the page's: the two wall clocks (Node's and
    // Chromium's) can be tens of ms apart, so the page's own record of when it asked
    // for the page (its navigation entry's requestStart) is matched with when the
    // server received that request.
    const nav = server.state.log[0];
    const origin = nav && figures.navRequest !== null ? nav.t - figures.navRequest : figures.origin;
    const boardEpoch = origin + boardAt;

    // Let the visit settle: the service worker installed (it fetches every file of the
    // build) and nothing asked of the server for 2 s.
    const deadline = now() + TIMEOUT;
    let sw = 'none';
    for (;;) {
      await sleep(250);
      sw = await page.evaluate(async () => {
        if (!navigator.serviceWorker) return 'unsupported';
        const r = await navigator.serviceWorker.getRegistration();
        if (!r) return document.readyState === 'complete' ? 'none' : 'not yet';
        return r.active ? (navigator.serviceWorker.controller ? 'active, controlling' : 'active') : 'installing';
      }).catch(() => 'unknown');
      const quiet = server.state.inFlight === 0 && now() - server.state.last > 2000;
      if ((quiet && sw !== 'installing' && sw !== 'not yet') || now() > deadline) break;
    }

    const requests = server.state.log.map((r) => ({
      ...r, at: r.t - origin, end: r.done === null ? null : r.done - origin,
    }));
    const paint = Math.min(...['first-paint', 'first-contentful-paint']
      .map((n) => figures.paints[n]).filter((x) => x !== undefined));
    // The bytes that had reached the browser by the board (of a response under way
    // then, the part sent before it: approximated by its share of its time).
    let before = 0;
    for (const r of requests) {
      if (r.done === null || r.done <= boardEpoch) before += r.bytes;
      else if (r.t < boardEpoch) before += Math.round(r.bytes * (boardEpoch - r.t) / (r.done - r.t));
    }
    return {
      ok: true,
      paint: Number.isFinite(paint) ? paint : null,
      fcp: figures.paints['first-contentful-paint'] ?? null,
      board: boardAt,
      boardInDom: figures.fl[key + 'InDom'],
      boardFrame: figures.fl[key + 'Frame'],
      before,
      total: requests.reduce((s, r) => s + r.bytes, 0),
      requests,
      sw,
      errors,
      skew: origin - figures.origin,
    };
  } catch (e) {
    return { ok: false, error: e.message.split('\n')[0], errors, requests: server.state.log.slice() };
  } finally {
    await browser.close();
  }
}

// ---------------------------------------------------------------------------
// The game link.
function gameLink(opts) {
  if (opts.link) {
    const l = opts.link.includes('#') ? opts.link.slice(opts.link.indexOf('#')) : `#${opts.link}`;
    return { fragment: l, from: '--link' };
  }
  // The fixture holds the record beside its expected replay.
  const record = JSON.stringify(JSON.parse(fs.readFileSync(path.join(ROOT, 'tests', 'fixtures', 'fort-07.json'), 'utf8')).record);
  const bin = path.join(ROOT, 'target', 'release', 'holdfast');
  if (fs.existsSync(bin)) {
    try {
      const out = execFileSync(bin, ['link', '-'], { encoding: 'utf8', input: record }).trim();
      if (out.startsWith('#')) return { fragment: out, from: 'target/release/holdfast link tests/fixtures/fort-07.json' };
    } catch (e) {
      console.error(`target/release/holdfast link failed: ${e.message.split('\n')[0]}`);
    }
  }
  const file = path.join(ROOT, 'tests', 'e2e', 'first-load.link');
  if (fs.existsSync(file)) {
    return { fragment: fs.readFileSync(file, 'utf8').trim(), from: 'tests/e2e/first-load.link' };
  }
  return {
    fragment: null,
    from: 'no game link, so the link scenario is skipped: it needs target/release/holdfast '
      + '(cargo build --release --bin holdfast), tests/e2e/first-load.link, or --link \'#c=...\' '
      + '(a #record=... fragment works too)',
  };
}

// ---------------------------------------------------------------------------
// Reporting.
const ms = (x) => (x === null || x === undefined ? '-' : `${Math.round(x)} ms`);
const kb = (b) => (b === null || b === undefined ? '-' : b >= 1e6 ? `${(b / 1e6).toFixed(2)} MB` : `${(b / 1e3).toFixed(1)} KB`);

function median(xs) {
  const v = xs.filter((x) => x !== null && x !== undefined && Number.isFinite(x)).sort((a, b) => a - b);
  if (!v.length) return null;
  const m = v.length >> 1;
  return v.length % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
}

function requestLine(r) {
  const who = { page: 'page', sw: 'sw  ', 'sw-script': 'sw.js' }[r.who] || r.who;
  const status = r.aborted ? 'aborted' : String(r.status);
  return `      ${String(Math.round(r.at)).padStart(6)} -> ${(r.end === null ? '?' : String(Math.round(r.end))).padStart(6)} ms`
    + `  ${kb(r.bytes).padStart(9)}  ${who.padEnd(5)} ${status} ${r.method === 'GET' ? '' : r.method + ' '}${r.path}`;
}

function printRun(scenario, i, r, opts) {
  if (!r.ok) {
    console.log(`  ${scenario} ${i}: FAILED: ${r.error}`);
    for (const e of r.errors) console.log(`    ${e}`);
    for (const q of r.requests) console.log(`    ${q.method} ${q.path} ${q.status} ${kb(q.bytes)} ${q.who}`);
    return;
  }
  const nav = r.requests[0];
  console.log(`  ${scenario} ${i}: first paint ${ms(r.paint)}, board ${ms(r.board)} (in the DOM ${ms(r.boardInDom)}, next frame ${ms(r.boardFrame)}), `
    + `${kb(r.before)} before the board, ${kb(r.total)} in all, ${r.requests.length} requests `
    + `(first at ${ms(nav && nav.at)}), service worker: ${r.sw}`);
  for (const e of r.errors) console.log(`    ${e}`);
  if (opts.verbose) console.log(`    (the server's clock put ${Math.round(r.skew)} ms from the page's by the navigation request)`);
  const shown = opts.verbose ? r.requests : r.requests.filter((q) => q.end === null || q.end > r.board);
  if (shown.length) {
    console.log(opts.verbose ? '    every request (from -> to, bytes sent, who):'
      : '    requests still going or made after the board (from -> to, bytes sent, who):');
    for (const q of shown) console.log(requestLine(q));
  }
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (!fs.existsSync(path.join(opts.dist, 'index.html'))) {
    fail(`no ${path.join(opts.dist, 'index.html')}: build first (trunk build --release, or ./scripts/serve.sh once)`);
  }
  const chromium = loadPlaywright();
  const link = opts.only === 'home' ? { fragment: null, from: 'not asked for' } : gameLink(opts);
  const server = await startServer(opts).catch((e) => fail(`cannot serve on port ${opts.port}: ${e.message}`));

  console.log(`first load of ${path.relative(process.cwd(), opts.dist) || '.'} at ${server.url}`);
  console.log(opts.mbps > 0 || opts.latency > 0
    ? `network (at the server, service worker included): ${opts.latency} ms before each response, `
      + `${opts.mbps > 0 ? `${opts.mbps} Mbit/s shared by all connections` : 'no bandwidth limit'}`
    : 'network: not throttled');
  console.log(`phone: 360x740 at 2x, touch, CPU ${opts.cpu > 1 ? `${opts.cpu}x slower` : 'not slowed'}; ${opts.runs} run(s) a scenario, a fresh browser each`);
  if (opts.only !== 'home') console.log(`game link: ${link.fragment ? `${link.fragment.slice(0, 48)}${link.fragment.length > 48 ? '…' : ''} (${link.fragment.length} chars, from ${link.from})` : link.from}`);

  const results = { home: [], link: [] };
  try {
    if (opts.only !== 'link') {
      console.log('\nhome page, first visit:');
      for (let i = 1; i <= opts.runs; i++) {
        const r = await visit(chromium, server, opts, 'home', '');
        results.home.push(r);
        printRun('home', i, r, opts);
      }
    }
    if (opts.only !== 'home' && link.fragment) {
      console.log('\na game link, first visit:');
      for (let i = 1; i <= opts.runs; i++) {
        const r = await visit(chromium, server, opts, 'link', link.fragment);
        results.link.push(r);
        printRun('link', i, r, opts);
      }
    }
  } finally {
    await server.stop();
  }

  const ok = (rs) => rs.filter((r) => r.ok);
  const col = (rs, f) => ok(rs).map(f);
  const rows = [
    ['first paint (home)', col(results.home, (r) => r.paint), GOALS.paint, ms],
    ["home page's first board", col(results.home, (r) => r.board), GOALS.home, ms],
    ['bytes before that board', col(results.home, (r) => r.before), null, kb],
    ['bytes in the whole visit', col(results.home, (r) => r.total), null, kb],
    ['first paint (link)', col(results.link, (r) => r.paint), null, ms],
    ["a game link's board", col(results.link, (r) => r.board), GOALS.link, ms],
    ['bytes before it (link)', col(results.link, (r) => r.before), null, kb],
  ];
  const wantedRows = rows.filter((row, i) => (opts.only === 'link' ? i >= 4 : opts.only === 'home' ? i < 4 : true));
  console.log(`\n${'median of the runs'.padEnd(26)}${'median'.padStart(10)}   ${'goal'.padEnd(24)}   runs`);
  let missed = false;
  for (const [label, values, goal, fmt] of wantedRows) {
    const m = median(values);
    let verdict = '';
    if (goal !== null) {
      const met = m !== null && m <= goal;
      if (!met) missed = true;
      verdict = `within ${goal} ms`.padEnd(15) + (m === null ? ' no figure' : met ? ' met' : ' MISSED');
    }
    console.log(`${label.padEnd(26)}${fmt(m).padStart(10)}   ${verdict.padEnd(24)}   ${values.map((v) => fmt(v)).join(', ')}`);
  }
  if (ok(results.home).length < results.home.length || ok(results.link).length < results.link.length) {
    console.log('(some runs failed: see above)');
    missed = true;
  }
  const round = (x) => (x === null ? null : Math.round(x));
  console.log(JSON.stringify({
    first_paint_ms: round(median(col(results.home, (r) => r.paint))),
    home_board_ms: round(median(col(results.home, (r) => r.board))),
    bytes_before_board: round(median(col(results.home, (r) => r.before))),
    total_bytes: round(median(col(results.home, (r) => r.total))),
    link_board_ms: round(median(col(results.link, (r) => r.board))),
  }));
  process.exit(opts.check && missed ? 1 : 0);
}

// Exported for a quick test of the server alone: `require('./first-load.js').startServer(...)`.
if (require.main === module) {
  main().catch((e) => fail(e.stack || String(e), 1));
} else {
  module.exports = { startServer, Link };
}
