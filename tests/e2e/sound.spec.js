// Sound: off by default, so nothing plays; turned on in the settings, a placement,
// the computer's answer (the turn coming back) and the end each play their sound.
// (web/sound.js counts what it plays and marks the last on <html>: headless
// Chromium has no speakers to listen to.)
const { test, expect, peopleOnly, quickComputer } = require('./helpers');

const played = (page) => page.evaluate(() => [window.holdfastSounds || 0, document.documentElement.dataset.lastSound || '']);

test('sounds are off until turned on, then a move and the turn coming round are heard (the end: a model test)', async ({ page }) => {
  await quickComputer(page);
  await page.goto('./');
  await page.locator('[data-action="new-game"][data-game="fortress"]').click();
  await page.locator('[data-action="start"]').click();
  await page.locator('[data-cell="c3"]').click();
  await page.locator('[data-cell="c3"]').click();
  await expect(page.locator('.moves .move')).toHaveCount(2);
  expect(await played(page)).toEqual([0, '']);

  await page.goto('./#settings');
  await page.locator('[data-setting="sound"]').check();
  await page.goto('./#home');
  await page.locator('[data-action="new-game"][data-game="fortress"]').click();
  await peopleOnly(page);
  await page.locator('[data-action="start"]').click();
  await page.locator('[data-cell="c3"]').click();
  await page.locator('[data-cell="c3"]').click();
  await expect.poll(() => played(page)).toEqual([1, 'place']);
  // Against the computer: its answer passes the turn back.
  await page.goto('./#home');
  await page.locator('[data-action="new-game"][data-game="fortress"]').click();
  await page.locator('[data-action="start"]').click();
  await page.locator('[data-cell="b2"]').click();
  await page.locator('[data-cell="b2"]').click();
  await expect(page.locator('.moves .move')).toHaveCount(2);
  await expect.poll(() => played(page)).toEqual([3, 'turn']);
});
