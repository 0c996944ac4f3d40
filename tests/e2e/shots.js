// Screenshots for looking at the app: node tests/e2e/shots.js URL OUTDIR
const { chromium } = require('playwright-core');
const { peopleOnly } = require('./helpers');
(async () => {
  const [url, out] = [process.argv[2] || 'http://127.0.0.1:8080/', process.argv[3] || '/tmp/shots'];
  require('fs').mkdirSync(out, { recursive: true });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  for (const [name, w, h] of [['phone', 360, 640], ['tablet', 768, 1024], ['desktop', 1920, 1080], ['landscape', 1024, 768]]) {
    const ctx = await browser.newContext({ viewport: { width: w, height: h }, hasTouch: true });
    const page = await ctx.newPage();
    page.on('pageerror', e => console.log('pageerror', e.message));
    page.on('console', m => { if (m.type() === 'error') console.log('console', m.text()); });
    await page.goto(url);
    await page.click('[data-action="new-game"]');
    await page.screenshot({ path: `${out}/${name}-new.png` });
    await peopleOnly(page);
    await page.click('[data-action="start"]');
    for (const c of ['c3', 'c4', 'b4', 'd4', 'b5', 'e4', 'c5']) {
      await page.click(`[data-cell="${c}"]`);
      await page.click(`[data-cell="${c}"]`);
    }
    await page.click('[data-cell="c3"]');
    await page.screenshot({ path: `${out}/${name}-play.png` });
    await ctx.close();
  }
  await browser.close();
})();
