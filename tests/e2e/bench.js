// Runs the engine benchmark page of the release build served at URL in headless
// Chromium and prints its JSON line (for scripts/bench.sh; a measurement, not a test).
//   node tests/e2e/bench.js URL SECONDS
const { chromium } = require('playwright-core');

(async () => {
  const [url, seconds] = [process.argv[2], process.argv[3] || '1'];
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic'],
  });
  const page = await browser.newPage();
  page.on('pageerror', e => console.error('pageerror', e.message));
  await page.goto(`${url}#bench`);
  await page.fill('[data-field="bench-seconds"]', String(seconds));
  await page.click('[data-action="run-bench"]');
  const json = page.locator('[data-bench-json]');
  await json.waitFor({ timeout: (Number(seconds) * 40 + 60) * 1000 });
  console.log((await json.textContent()).trim());
  await browser.close();
})();
