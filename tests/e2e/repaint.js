// Measures how long a tap takes to repaint, on a late Citadel 19x19 game (or the
// record given), in the release build served at URL. Prints one line a tap and a
// summary; it is a measurement, not a test.
//   node tests/e2e/repaint.js URL RECORD.json
const { chromium } = require('playwright-core');
const fs = require('fs');

(async () => {
  const [url, file] = [process.argv[2], process.argv[3]];
  const record = fs.readFileSync(file, 'utf8').trim();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic'],
  });
  const page = await browser.newPage({ viewport: { width: 768, height: 1024 }, hasTouch: true });
  page.on('pageerror', e => console.log('pageerror', e.message));
  await page.goto(`${url}#record=${encodeURIComponent(record)}`);
  await page.waitForSelector('[data-cell]');
  const moves = JSON.parse(record).moves.length;
  // Taps that change only the in-turn state (select, let go): the reducer, the
  // game's view and the board's diff, with no move played.
  const times = await page.evaluate(async () => {
    const cells = [...document.querySelectorAll('.play [data-cell]')];
    const frame = () => new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
    const out = [];
    for (let i = 0; i < 40; i++) {
      const cell = cells[(i * 37) % cells.length];
      const t0 = performance.now();
      cell.dispatchEvent(new MouseEvent('click', { bubbles: true }));
      await frame();
      out.push(performance.now() - t0);
    }
    return out;
  });
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  const p90 = times[Math.floor(times.length * 0.9)];
  console.log(`citadel record of ${moves} entries: ${times.length} taps, median ${median.toFixed(1)} ms, 90th percentile ${p90.toFixed(1)} ms (one frame: 16.7 ms)`);
  console.log(JSON.stringify({ repaint_ms: { median: +median.toFixed(1), p90: +p90.toFixed(1) }, entries: moves }));
  await browser.close();
})();
