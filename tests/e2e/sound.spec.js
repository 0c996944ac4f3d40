// Sound: off by default, so nothing plays; turned on in the settings, a placement,
// the computer's answer (the turn coming back) and the end each play their sound.
// (web/sound.js counts what it plays and marks the last on <html>: headless
// Chromium has no speakers to listen to.)
const { test, expect, peopleOnly, quickComputer } = require('./helpers');

// A new Fortress game from the home page (people only, or against the computer,
// the default), and a placement on `cell` (confirmed, as the fixture asks).
async function placeInNewGame(page, cell, people) {
  await page.goto('./#home');
  await page.locator('[data-action="new-game"][data-game="fortress"]').click();
  if (people) await peopleOnly(page);
  await page.locator('[data-action="start"]').click();
  await page.locator(`[data-cell="${cell}"]`).click();
  await page.locator(`[data-cell="${cell}"]`).click();
}

const played = (page) => page.evaluate(() => [window.holdfastSounds || 0, document.documentElement.dataset.lastSound || '']);

test('sounds are off until turned on, then a move and the turn coming round are heard (the end: a model test)', async ({ page }) => {
  await quickComputer(page);
  await placeInNewGame(page, 'c3', false);
  await expect(page.locator('.moves .move')).toHaveCount(2);
  expect(await played(page)).toEqual([0, '']);

  await page.goto('./#settings');
  await page.locator('[data-setting="sound"]').check();
  await placeInNewGame(page, 'c3', true);
  await expect.poll(() => played(page)).toEqual([1, 'place']);
  // Against the computer: its answer passes the turn back.
  await placeInNewGame(page, 'b2', false);
  await expect(page.locator('.moves .move')).toHaveCount(2);
  await expect.poll(() => played(page)).toEqual([3, 'turn']);
});
