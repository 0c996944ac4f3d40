// Times level 5's move on each game's largest board on the benchmark page of the
// release build served at URL, in headless Chromium, and prints its JSON line (a
// measurement, not a test).
//   node tests/e2e/think.js URL
const { chromium } = require('playwright-core');

(async () => {
  const url = process.argv[2];
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic'],
  });
  const page = await browser.newPage();
  page.on('pageerror', e => console.error('pageerror', e.message));
  await page.goto(`${url}#bench`);
  await page.click('[data-action="think-bench"]');
  const json = page.locator('[data-think-json]');
  await json.waitFor({ timeout: 120_000 });
  console.log((await json.textContent()).trim());
  await browser.close();
})();
