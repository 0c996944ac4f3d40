// Counts the board's renders while a computer thinks, in the release build served
// at each URL given (two builds compared in one run: before and after a change).
// Prints one line a build and a JSON line; a measurement, not a test.
//   node tests/e2e/renders.js URL [URL...]
// The app counts its board's renders in `holdfastBoardRenders`. The game: Fort with
// level 5 to move first against a person, so the computer thinks at once and the
// board shows one position all the while.
const { chromium } = require('playwright-core');

const record = JSON.stringify({ game: 'fort', setup: {}, moves: [], seats: ['level5', 'person'] });

async function measure(browser, url) {
  const page = await browser.newPage({ viewport: { width: 768, height: 1024 } });
  page.on('pageerror', e => console.log('pageerror', e.message));
  await page.goto(`${url}#record=${encodeURIComponent(record)}`);
  await page.waitForSelector('.play [data-cell]');
  // Wait until the search reports progress (the seat panel shows its preference).
  await page.waitForFunction(() => /\d+ tries/.test(document.querySelector('[data-thinking]')?.textContent || ''));
  const figures = await page.evaluate(async () => {
    const moves = () => document.querySelectorAll('.moves .move').length;
    const [r0, m0, t0] = [window.holdfastBoardRenders || 0, moves(), performance.now()];
    let progress = 0;
    const seen = new MutationObserver(() => { progress += 1; });
    const panel = document.querySelector('[data-thinking]');
    seen.observe(panel, { childList: true, subtree: true, characterData: true });
    // Two seconds of thinking, or until the computer plays.
    while (performance.now() - t0 < 2000 && moves() === m0) {
      await new Promise(r => setTimeout(r, 50));
    }
    seen.disconnect();
    const seconds = (performance.now() - t0) / 1000;
    return { renders: (window.holdfastBoardRenders || 0) - r0, progress, seconds, played: moves() !== m0 };
  });
  await page.close();
  return figures;
}

(async () => {
  const urls = process.argv.slice(2);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic'],
  });
  const out = [];
  for (const url of urls) {
    const f = await measure(browser, url);
    const perSecond = +(f.renders / f.seconds).toFixed(1);
    console.log(`${url}: ${f.renders} board renders in ${f.seconds.toFixed(2)} s of thinking ` +
      `(${perSecond} a second), while the seat panel changed ${f.progress} times` +
      (f.played ? '; the computer played before the end' : ''));
    out.push({ url, board_renders_per_s: perSecond, panel_changes: f.progress, seconds: +f.seconds.toFixed(2) });
  }
  console.log(JSON.stringify({ renders_while_thinking: out }));
  await browser.close();
})();
