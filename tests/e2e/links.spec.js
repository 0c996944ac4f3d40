// Compact links (#c=): a finished 300-turn Citadel 19x19 game, linked by
// `holdfast link` (tests/e2e/citadel-19-finished.link, from the record in
// crates/holdfast-rules/tests/data), opens at its end, and the app's own Share writes
// a compact link of it too, which opens the same in a fresh browser.
const fs = require('fs');
const path = require('path');
const { test, expect, twoDevices } = require('./helpers');

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

// Two browsers pass one game back and forth by links: a newer link brings the saved
// copy up to date (one entry, not two), an older one is said to be behind, and one
// that went another way opens beside the copy, which is kept.
test('links of a game already saved update it, or say why not', async ({ browser, baseURL }) => {
  const { a, b, play: place, open, close } = await twoDevices(browser, baseURL);
  const linkOf = async (page) => {
    await page.locator('[data-action="share"]').first().click();
    const l = await page.locator('[data-share-link]').inputValue();
    await page.locator('.share [data-action="share-close"], .share button.ghost-button').first().click();
    return l.slice(l.indexOf('#'));
  };
  const notice = (page) => page.locator('[data-notice]');
  const record = { game: 'fortress', setup: { map: 'classic', players: 2 }, moves: [] };
  await a.goto(baseURL + '#record=' + encodeURIComponent(JSON.stringify(record)));
  await place(a, 'c3');
  const l1 = await linkOf(a);
  expect(l1.startsWith('#c=')).toBe(true);

  await open(b, l1);
  await expect(notice(b)).toContainText('Opened a shared game');
  await place(b, 'd4');
  const l2 = await linkOf(b);

  // A newer link: A's copy moves on, and A still has one saved game.
  await open(a, l2);
  await expect(notice(a)).toContainText('brought up to date: 1 move from the link');
  await expect(a.locator('.moves .move')).toHaveCount(2);
  await a.goto(baseURL + '#home');
  await expect(a.locator('[data-saved-game]')).toHaveCount(1);
  // An older one: said to be behind; nothing changes.
  await open(a, l1);
  await expect(notice(a)).toContainText('behind your copy of the game: it stops at move 1 of 2');
  await expect(a.locator('.moves .move')).toHaveCount(2);

  // Both move on differently from move 2: B's link has gone another way.
  await place(b, 'b2');
  const l3b = await linkOf(b);
  await place(a, 'e5');
  await open(a, l3b);
  await expect(notice(a)).toContainText('went another way than your copy after move 2');
  await expect(a.locator('[data-cell="b2"]')).not.toHaveAttribute('aria-label', /^b2: empty/);
  await a.goto(baseURL + '#home');
  await expect(a.locator('[data-saved-game]')).toHaveCount(2);
  await close();
});
