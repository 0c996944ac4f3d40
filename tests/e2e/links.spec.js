// Compact links (#c=): a finished 300-turn Citadel 19x19 game, linked by
// `holdfast link` (tests/e2e/citadel-19-finished.link, from the record in
// crates/holdfast-rules/tests/data), opens at its end, and the app's own Share writes
// a compact link of it too, which opens the same in a fresh browser.
const fs = require('fs');
const path = require('path');
const { test, expect } = require('./helpers');

test('a compact link of a finished 19x19 Citadel game opens at its end, and Share makes one that does too', async ({ page, browser, baseURL }) => {
  const fragment = fs.readFileSync(path.join(__dirname, 'citadel-19-finished.link'), 'utf8').trim();
  expect(fragment.startsWith('#c=')).toBe(true);
  expect(fragment.length).toBeLessThanOrEqual(2000);
  await page.goto('./' + fragment);
  await expect(page.locator('[data-notice]')).toContainText('Opened a shared game');
  await expect(page.locator('[data-game-over]')).toBeVisible();
  await expect(page.locator('[data-score-seat="0"]')).toHaveText('6');
  await expect(page.locator('[data-score-seat="1"]')).toHaveText('3');
  await expect(page.locator('.moves-page, .moves')).toContainText('306');
  await page.locator('[data-action="share"]').first().click();
  const link = await page.locator('[data-share-link]').inputValue();
  const made = link.slice(link.indexOf('#'));
  // The app's link also carries the players' names, which the file's record has not.
  expect(made.startsWith('#c=')).toBe(true);
  expect(made.length).toBeLessThanOrEqual(2000);
  const fresh = await browser.newContext({ viewport: { width: 768, height: 1024 }, hasTouch: true });
  const other = await fresh.newPage();
  await other.goto(baseURL + made);
  await expect(other.locator('[data-game-over]')).toBeVisible();
  await expect(other.locator('[data-score-seat="0"]')).toHaveText('6');
  await expect(other.locator('[data-score-seat="1"]')).toHaveText('3');
  await fresh.close();
});
