// Counts the board's renders while computers think, in the release build served at
// each URL given (two builds compared in one run: before and after a change).
// Prints one line a build and a JSON line; a measurement, not a test.
//   node tests/e2e/renders.js URL [URL...]
// The app counts its board's renders in `holdfastBoardRenders`. The game: Fort,
// level 5 against level 5, watched for five seconds: every move draws the board
// once; any render beyond the moves is the thinking's progress drawing it again.
const { chromium } = require('playwright-core');

const record = JSON.stringify({ game: 'fort', setup: {}, moves: [], seats: ['level5', 'level5'] });

async function measure(browser, url) {
  const page = await browser.newPage({ viewport: { width: 768, height: 1024 } });
  page.on('pageerror', e => console.log('pageerror', e.message));
  await page.goto(`${url}#record=${encodeURIComponent(record)}`);
  await page.waitForSelector('.play [data-cell]');
  // Wait until the search reports progress (the seat panel shows its preference).
  await page.waitForSelector('[data-thinking]');
  const figures = await page.evaluate(async () => {
    const moves = () => document.querySelectorAll('.moves .move').length;
    const [r0, m0, t0] = [window.holdfastBoardRenders || 0, moves(), performance.now()];
    let progress = 0;
    const seen = new MutationObserver(() => { progress += 1; });
    seen.observe(document.querySelector('.side') || document.body, { childList: true, subtree: true, characterData: true });
    await new Promise(r => setTimeout(r, 5000));
    seen.disconnect();
    const seconds = (performance.now() - t0) / 1000;
    return { renders: (window.holdfastBoardRenders || 0) - r0, moves: moves() - m0, progress, seconds };
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
    const beyond = +((f.renders - f.moves) / f.seconds).toFixed(1);
    console.log(`${url}: ${f.renders} board renders in ${f.seconds.toFixed(2)} s (${perSecond} a second) ` +
      `for ${f.moves} moves: ${beyond} renders a second beyond the moves; the side panel changed ${f.progress} times`);
    out.push({ url, board_renders_per_s: perSecond, beyond_moves_per_s: beyond, moves: f.moves, seconds: +f.seconds.toFixed(2) });
  }
  console.log(JSON.stringify({ renders_while_thinking: out }));
  await browser.close();
})();
