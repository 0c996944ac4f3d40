// Runs the engine benchmark page of the release build served at URL in headless
// Chromium and prints its JSON line (for scripts/bench.sh; a measurement, not a test);
// with `think` instead of SECONDS, times level 5's move on each game's largest board;
// with `spread`, the strongest player's iterations in a second on 1, 2 and 4 workers.
//   node tests/e2e/bench.js URL SECONDS
//   node tests/e2e/bench.js URL think
//   node tests/e2e/bench.js URL spread
const { chromium } = require('playwright-core');

(async () => {
  const [url, seconds] = [process.argv[2], process.argv[3] || '1'];
  const think = seconds === 'think';
  const spread = seconds === 'spread';
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic'],
  });
  const page = await browser.newPage();
  page.on('pageerror', e => console.error('pageerror', e.message));
  await page.goto(`${url}#bench`);
  let json;
  if (spread) {
    await page.click('[data-action="spread-bench"]');
    json = page.locator('[data-spread-json]');
    await json.waitFor({ timeout: 300_000 });
  } else if (think) {
    await page.click('[data-action="think-bench"]');
    json = page.locator('[data-think-json]');
    await json.waitFor({ timeout: 120_000 });
  } else {
    await page.fill('[data-field="bench-seconds"]', String(seconds));
    await page.click('[data-action="run-bench"]');
    json = page.locator('[data-bench-json]');
    await json.waitFor({ timeout: (Number(seconds) * 40 + 60) * 1000 });
  }
  console.log((await json.textContent()).trim());
  await browser.close();
})();
