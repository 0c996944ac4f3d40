// Opens long-game links in the release build served at URL, each in a fresh headless
// Chromium, and prints how long each takes to show its last move and the tab's
// renderer memory (resident, from `ps`), then again after a reload (the game saved,
// then opened from storage). A measurement, not a test.
//   node tests/e2e/long-link.js URL FILE.link...
const { chromium } = require('playwright-core');
const { execFileSync } = require('child_process');
const fs = require('fs');

// The resident memory (MB) of the largest renderer under the browser's process.
function rendererMb(browserPid) {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid=,rss=,args='], { encoding: 'utf8' })
    .trim().split('\n').map(l => l.trim().split(/\s+/))
    .map(([pid, ppid, rss, ...args]) => ({ pid: +pid, ppid: +ppid, rss: +rss, args: args.join(' ') }));
  const mine = new Set([browserPid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const r of rows) if (mine.has(r.ppid) && !mine.has(r.pid)) { mine.add(r.pid); grew = true; }
  }
  const rss = rows.filter(r => mine.has(r.pid) && r.args.includes('--type=renderer')).map(r => r.rss);
  return Math.round(Math.max(0, ...rss) / 1024);
}

async function launch() {
  // A browser server, whose process id leads to the tab's renderer.
  const server = await chromium.launchServer({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic'],
  });
  const browser = await chromium.connect(server.wsEndpoint());
  const page = await browser.newPage({ viewport: { width: 768, height: 1024 } });
  page.on('pageerror', e => console.log('pageerror', e.message));
  return [server, page, server.process().pid];
}

(async () => {
  const [url, ...files] = process.argv.slice(2);
  // The renderer with no game open, for comparison.
  const [b0, p0, pid0] = await launch();
  const t0 = Date.now();
  await p0.goto(url);
  await p0.waitForSelector('.home');
  const home_s = (Date.now() - t0) / 1000;
  const idle = rendererMb(pid0);
  await b0.close();
  console.log(`no game: home shown ${home_s.toFixed(2)} s after the page was asked for; renderer ${idle} MB`);
  const results = [];
  for (const file of files) {
    const link = fs.readFileSync(file, 'utf8').trim();
    const [browser, page, pid] = await launch();
    const label = page.locator('[data-moves-page]');
    const t0 = Date.now();
    await page.goto(`${url}#${link}`);
    await label.waitFor({ timeout: 120_000 });
    const open_s = (Date.now() - t0) / 1000;
    const turns = +(await label.textContent()).replace(/.* of /, '');
    const opened = rendererMb(pid);
    await page.reload();
    await label.waitFor({ timeout: 120_000 });
    const reloaded = rendererMb(pid);
    const row = { chars: link.length, turns, open_s, opened_mb: opened, reloaded_mb: reloaded };
    console.log(`${turns} turns, ${link.length} characters: last move shown ${open_s.toFixed(2)} s after the page was asked for; renderer ${opened} MB, ${reloaded} MB after a reload`);
    results.push(row);
    await browser.close();
  }
  console.log(JSON.stringify({ home_s, idle_mb: idle, long_links: results }));
})();
