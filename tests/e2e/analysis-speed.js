// Measures the app's analysis in the release build served at URL: how long a
// finished Fortress game of 42 moves takes, how soon a finished Citadel 19x19 game
// (tests/e2e/citadel-19-finished.link) shows its first 20 positions and how long
// it takes in all, and how long taps take to repaint while it runs. Prints a line
// each and a JSON line; it is a measurement, not a test.
//   node tests/e2e/analysis-speed.js URL FORTRESS-LINK
const { chromium } = require('playwright-core');
const fs = require('fs');
const path = require('path');

(async () => {
  const [url, fortress] = [process.argv[2], process.argv[3]];
  const citadel = fs.readFileSync(path.join(__dirname, 'citadel-19-finished.link'), 'utf8').trim();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic'],
  });
  const out = {};
  for (const [name, link] of [['fortress', fortress], ['citadel-19x19', citadel]]) {
    const page = await browser.newPage({ viewport: { width: 768, height: 1024 }, hasTouch: true });
    page.on('pageerror', e => console.log('pageerror', e.message));
    await page.goto(url + link.slice(link.indexOf('#')));
    await page.waitForSelector('[data-action="analyse"]');
    // Times from the page's own clock: the button pressed, the 20th position
    // looked at, the last; and a tap's repaint every so often meanwhile.
    const figures = await page.evaluate(async () => {
      const t0 = performance.now();
      document.querySelector('[data-action="analyse"]').click();
      let twenty = null;
      const taps = [];
      const painted = () => new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
      for (;;) {
        await new Promise(r => setTimeout(r, 50));
        const progress = document.querySelector('[data-analysis-progress]');
        const looked = progress ? Number(progress.getAttribute('data-analysis-progress')) : 0;
        if (twenty === null && (looked >= 20 || document.querySelector('[data-analysis="done"]'))) {
          twenty = performance.now() - t0;
        }
        if (document.querySelector('[data-analysis="done"]')) break;
        if (performance.now() - t0 > 600_000) return { timeout: true };
        // A tap on the moves' "previous" button: its work and its next frame.
        const button = document.querySelector('[data-action="review-previous"]:not([disabled])')
          || document.querySelector('[data-action="review-last"]:not([disabled])');
        if (button && taps.length < 40) {
          const s = performance.now();
          button.click();
          await painted();
          taps.push(performance.now() - s);
        }
      }
      const all = performance.now() - t0;
      // The same taps once the analysis is done, to compare in the same run.
      const after = [];
      for (let i = 0; i < 40; i++) {
        const button = document.querySelector('[data-action="review-previous"]:not([disabled])')
          || document.querySelector('[data-action="review-last"]:not([disabled])');
        if (!button) break;
        const s = performance.now();
        button.click();
        await painted();
        after.push(performance.now() - s);
      }
      const looks = Number(document.querySelector('[data-analysis-chart]').getAttribute('data-analysis-chart'));
      return { twenty, all, taps, after, looks };
    });
    const stats = xs => {
      xs = [...(xs || [])].sort((a, b) => a - b);
      return xs.length ? { median: +xs[Math.floor(xs.length / 2)].toFixed(1), p90: +xs[Math.floor(xs.length * 0.9)].toFixed(1), n: xs.length } : { median: 0, p90: 0, n: 0 };
    };
    const during = stats(figures.taps), after = stats(figures.after);
    const entries = figures.looks - 1;
    console.log(`${name}, ${entries} moves: first 20 positions in ${(figures.twenty / 1000).toFixed(1)} s, all in ${(figures.all / 1000).toFixed(1)} s; a tap to the next frame while it ran: median ${during.median} ms (90th percentile ${during.p90}, ${during.n} taps); after it: median ${after.median} ms (${after.p90})`);
    out[name] = { moves: entries, first_20_s: +(figures.twenty / 1000).toFixed(2), all_s: +(figures.all / 1000).toFixed(2), tap_frame_ms: { during, after } };
    await page.close();
  }
  console.log(JSON.stringify({ analysis: out }));
  await browser.close();
})();
