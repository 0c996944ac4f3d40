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
  // Clicks confirmed as taps are, so a click only selects or shows a ghost.
  await page.addInitScript(() => localStorage.setItem('holdfast.settings', JSON.stringify({ confirm_mouse: true })));
  await page.goto(`${url}#record=${encodeURIComponent(record)}`);
  await page.waitForSelector('[data-cell]');
  const moves = JSON.parse(record).moves.length;
  // Taps that change only the in-turn state (select, let go): the reducer, the
  // game's view and the board's diff, with no move played.
  // Two figures a tap: the work (the app's update and the DOM changes, until the
  // event loop is free again) and the time until the next frame is drawn.
  const [work, frame] = await page.evaluate(async () => {
    const cells = [...document.querySelectorAll('.play [data-cell]')];
    const idle = () => new Promise(r => setTimeout(r, 0));
    const painted = () => new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
    const work = [], frame = [];
    for (let i = 0; i < 40; i++) {
      await painted();
      const cell = cells[(i * 37) % cells.length];
      const t0 = performance.now();
      cell.dispatchEvent(new MouseEvent('click', { bubbles: true }));
      await idle();
      work.push(performance.now() - t0);
      await painted();
      frame.push(performance.now() - t0);
    }
    return [work, frame];
  });
  const stats = xs => {
    xs.sort((a, b) => a - b);
    return { median: +xs[Math.floor(xs.length / 2)].toFixed(1), p90: +xs[Math.floor(xs.length * 0.9)].toFixed(1) };
  };
  const w = stats(work), f = stats(frame);
  console.log(`citadel 19x19, ${moves} entries: ${work.length} taps; work median ${w.median} ms (90th percentile ${w.p90}); to the next frame median ${f.median} ms (${f.p90}); one frame is 16.7 ms`);
  console.log(JSON.stringify({ repaint_ms: { work: w, to_frame: f }, entries: moves }));
  await browser.close();
})();
