// Offline and installable. The app is served here by a server of the test's own
// (not the suite's), so that the test can stop it: after one visit the service
// worker has every file of the build, and the app reloads, starts a game and plays
// it against the computer (whose worker loads from the cache too) with no server.
// A new build is installed beside the running one, said to be ready, and taken
// only at the next start.
const fs = require('fs');
const http = require('http');
const path = require('path');
const { test, expect, quickComputer } = require('./helpers');

const DIST = path.resolve(__dirname, '..', '..', 'dist');
const TYPES = {
  '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm',
  '.css': 'text/css', '.svg': 'image/svg+xml', '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
};

// Serves dist/ on a free port; `change(pathname, bytes)` may rewrite a file, and
// `log` gets each path asked for, in order.
function serve(change = (_, body) => body, log = []) {
  const sockets = new Set();
  const server = http.createServer((req, res) => {
    let name = decodeURIComponent(new URL(req.url, 'http://host').pathname);
    log.push(name);
    if (name.endsWith('/')) name += 'index.html';
    const file = path.join(DIST, name);
    if (!file.startsWith(DIST + path.sep) || !fs.existsSync(file)) {
      res.writeHead(404);
      res.end();
      return;
    }
    res.writeHead(200, {
      'Content-Type': TYPES[path.extname(file)] || 'application/octet-stream',
      'Cache-Control': 'no-cache',
    });
    res.end(change(name, fs.readFileSync(file)));
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({
    url: `http://127.0.0.1:${server.address().port}/`,
    stop: () => new Promise((done) => {
      for (const s of sockets) s.destroy();
      server.close(done);
    }),
  })));
}

const controlled = (page) => page.waitForFunction(() => navigator.serviceWorker.controller !== null);

test('after one visit the app installs, and starts and plays with no server', async ({ page }) => {
  const server = await serve();
  await quickComputer(page);
  await page.goto(server.url);
  await expect(page.locator('[data-action="new-game"]').first()).toBeVisible();
  await controlled(page);
  // What a browser needs to offer the install: the manifest and its icons.
  const manifest = await page.evaluate(async () => {
    const link = document.querySelector('link[rel="manifest"]');
    const m = await (await fetch(link.href)).json();
    const icons = [];
    for (const icon of m.icons) {
      const r = await fetch(new URL(icon.src, link.href));
      const bitmap = await createImageBitmap(await r.blob());
      icons.push(`${icon.sizes} ${bitmap.width}x${bitmap.height} ${icon.purpose}`);
    }
    return { ...m, icons };
  });
  expect(manifest.display).toBe('standalone');
  expect(manifest.name).toBe('Holdfast');
  expect(manifest.theme_color).toMatch(/^#/);
  expect(manifest.icons).toEqual(
    expect.arrayContaining(['192x192 192x192 any', '512x512 512x512 any', '512x512 512x512 maskable']),
  );

  await server.stop();
  await page.reload();
  await page.locator('[data-action="new-game"][data-game="fortress"]').click();
  await page.locator('[data-action="start"]').click();
  // Against the computer (new games default to it): a placement, then its answer.
  await page.locator('[data-cell="c3"]').click();
  await page.locator('[data-cell="c3"]').click();
  await expect(page.locator('[data-cell="c3"]')).not.toHaveAttribute('aria-label', /^c3: empty/);
  await expect(page.locator('.moves .move')).toHaveCount(2, { timeout: 30_000 });
  await expect(page.locator('[data-update-ready]')).toHaveCount(0);
});

test('a first visit downloads the page once: the offline copy waits for the app, the engine comes last', async ({ page }) => {
  const log = [];
  const server = await serve(undefined, log);
  // The app's wasm held back: the first screen (index.html's, no script) is up.
  let release;
  const held = new Promise((done) => { release = done; });
  await page.route(/holdfast-web-[0-9a-f]+_bg\.wasm$/, async (route) => { await held; await route.continue(); });
  await page.goto(server.url);
  await expect(page.locator('#first-screen')).toBeVisible();
  await expect(page.locator('#first-screen h3 [lang="en"]').first()).toHaveText('Fortress');
  await expect(page.locator('#first-screen [lang="uk"]').first()).toBeHidden();
  expect(log).not.toContain('/sw.js');
  release();
  await expect(page.locator('[data-card] svg.board').first()).toBeVisible();
  await expect(page.locator('#first-screen')).toHaveCount(0);
  await controlled(page);
  const app = log.findIndex((n) => /^\/holdfast-web-[0-9a-f]+_bg\.wasm$/.test(n));
  expect(app).toBeGreaterThanOrEqual(0);
  // The worker is fetched only once the app runs, after its wasm...
  expect(log.indexOf('/sw.js')).toBeGreaterThan(app);
  // ...which it takes from the browser's cache, not the server again.
  expect(log.filter((n) => /^\/holdfast-web-[0-9a-f]+_bg\.wasm$/.test(n))).toHaveLength(1);
  // The computer's engine (and the app of the pages most visits never open) come last: after the
  // rest of the offline copy (Ukrainian's catalogue, which only it fetches here).
  for (const engine of ['/worker_bg.wasm', '/extras_bg.wasm']) {
    expect(log.filter((n) => n === engine)).toHaveLength(1);
    expect(log.indexOf(engine)).toBeGreaterThan(log.indexOf('/uk.js'));
  }
  expect(log.indexOf('/uk.js')).toBeGreaterThan(log.indexOf('/sw.js'));
  // The page loads one catalogue: English's, not Ukrainian's, for an English
  // browser (the offline copy keeps both, later).
  const pageOnly = log.slice(0, log.indexOf('/sw.js'));
  expect(pageOnly).toContain('/en.js');
  expect(pageOnly).not.toContain('/uk.js');
  await server.stop();
});

test('a new version is said to be ready and is taken at the next start, not before', async ({ context, page }) => {
  let build = 1;
  // A second build: the same files, a worker of another version.
  const server = await serve((name, body) => (name === '/sw.js' && build === 2
    ? Buffer.from(body.toString().replace(/const VERSION = "([0-9a-f]+)"/, 'const VERSION = "$1-2"'))
    : body));
  await page.goto(server.url);
  await controlled(page);
  await page.locator('[data-action="new-game"][data-game="fort"]').click();
  await page.locator('[data-action="start"]').click();
  const version = () => page.evaluate(() => caches.keys().then((k) => k.filter((n) => n.startsWith('holdfast ')).map((n) => n.slice(-2))));
  expect(await version()).toHaveLength(1);

  build = 2;
  await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.update()));
  await expect(page.locator('[data-update-ready]')).toContainText('next time you open Holdfast');
  // The game carries on under the running version.
  await expect(page.locator('[data-status]')).toBeVisible();
  expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => !!r.waiting))).toBe(true);
  await page.locator('[data-action="update-ok"]').click();
  await expect(page.locator('[data-update-ready]')).toHaveCount(0);

  // Every tab closed, the app opened again: the new version runs, the old cache is gone.
  await page.close();
  const next = await context.newPage();
  await next.goto(server.url);
  await expect(next.locator('[data-action="new-game"]').first()).toBeVisible();
  await next.waitForFunction(() => caches.keys().then((k) => k.length === 1 && k[0].endsWith('-2')));
  await expect(next.locator('[data-update-ready]')).toHaveCount(0);
  await server.stop();
});
