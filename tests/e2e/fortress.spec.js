// Fortress end to end, on a tablet-sized touch viewport, against the release build.
const { test, expect, peopleOnly } = require('./helpers');

const cell = (page, name) => page.locator(`[data-cell="${name}"]`);

// With confirm-tap on (the default for a finger, and set for clicks by the shared
// fixture), a move is two taps on the same area.
async function place(page, name) {
  await cell(page, name).click();
  await expect(page.locator('[data-tap-message]')).toContainText(`Tap ${name} again`);
  await cell(page, name).click();
}

async function newClassicGame(page) {
  await page.goto('./');
  await page.locator('[data-action="new-game"]').first().click();
  await peopleOnly(page);
  await page.locator('[data-action="start"]').click();
  await expect(page.locator('[data-status]')).toContainText('Orange to move');
}

test.beforeEach(async ({ page }) => {
  page.on('pageerror', (e) => { throw e; });
});

test('play by tapping until a capture, then undo and redo', async ({ page }) => {
  await newClassicGame(page);
  await place(page, 'c3');
  await expect(cell(page, 'c3')).toHaveAttribute('aria-label', /c3: 1 Orange piece/);
  await expect(page.locator('[data-status]')).toContainText('Blue to move');
  await place(page, 'c4');
  await expect(cell(page, 'c4')).toHaveAttribute('aria-label', /c4: 1 Blue piece/);

  // An illegal tap says why and plays nothing.
  await cell(page, 'c4').click();
  await expect(page.locator('[data-tap-message]')).toHaveText('That area (c4) is held by Blue.');

  await place(page, 'b4'); // c3 + b4 = 2 > 1: Blue's c4 falls
  await expect(cell(page, 'c4')).toHaveAttribute('aria-label', /^c4: empty/);
  await expect(page.locator('.moves .move')).toHaveCount(3);
  await expect(page.locator('[data-score-seat="1"]')).toHaveText('0');
  const orange = Number(await page.locator('[data-score-seat="0"]').textContent());
  expect(orange).toBeGreaterThan(3);

  await page.locator('[data-action="undo"]').click();
  await expect(cell(page, 'c4')).toHaveAttribute('aria-label', /c4: 1 Blue piece/);
  await expect(cell(page, 'b4')).toHaveAttribute('aria-label', /^b4: empty/);
  await page.locator('[data-action="redo"]').click();
  await expect(cell(page, 'c4')).toHaveAttribute('aria-label', /^c4: empty/);
  await expect(cell(page, 'b4')).toHaveAttribute('aria-label', /b4: 1 Orange piece/);

  // Pass asks once: the first press only asks, the second passes.
  await page.locator('[data-action="pass"]').click();
  await expect(page.locator('[data-tap-message]')).toContainText('Tap Pass again to pass');
  await expect(page.locator('[data-action="pass"]')).toHaveText('Pass: tap again');
  await expect(page.locator('[data-status]')).toContainText('Blue to move');
  await page.locator('[data-action="pass"]').click();
  await expect(page.locator('[data-status]')).toContainText('Orange to move');
  // And the keyboard: Tab to a cell and Enter plays at once.
  await cell(page, 'f6').focus();
  await page.keyboard.press('Enter');
  await expect(cell(page, 'f6')).toHaveAttribute('aria-label', /f6: 1 Orange piece/);
});

test('a reload finds the same position', async ({ page }) => {
  await newClassicGame(page);
  for (const c of ['c3', 'c4', 'b4', 'e5']) await place(page, c);
  const before = await page.locator('[data-cell]').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
  const scores = await page.locator('[data-score-seat]').allTextContents();
  await page.reload();
  await expect(page.locator('[data-status]')).toContainText('Orange to move');
  const after = await page.locator('[data-cell]').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
  expect(after).toEqual(before);
  expect(await page.locator('[data-score-seat]').allTextContents()).toEqual(scores);
  await expect(page.locator('.moves .move')).toHaveCount(4);
  // Undo still works after the reload.
  await page.locator('[data-action="undo"]').click();
  await expect(cell(page, 'e5')).toHaveAttribute('aria-label', /^e5: empty/);
});

test('a share link opens the same position in a fresh browser', async ({ page, browser, baseURL }) => {
  await newClassicGame(page);
  for (const c of ['c3', 'c4', 'b4', 'd5', 'a1']) await place(page, c);
  await page.locator('[data-action="share"]').first().click();
  const link = await page.locator('[data-share-link]').inputValue();
  expect(link).toContain('#c=');
  const labels = await page.locator('[data-cell]').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));

  const fresh = await browser.newContext({ viewport: { width: 768, height: 1024 }, hasTouch: true });
  const other = await fresh.newPage();
  await other.goto(link.replace(/^https?:\/\/[^/]+\//, baseURL));
  await expect(other.locator('[data-notice]')).toContainText('Opened a shared game');
  const seen = await other.locator('[data-cell]').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
  expect(seen).toEqual(labels);
  await expect(other.locator('[data-status]')).toContainText('Blue to move');
  // The fragment is cleared so that a reload resumes the saved copy.
  await other.reload();
  await expect(other.locator('[data-status]')).toContainText('Blue to move');
  const again = await other.locator('[data-cell]').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
  expect(again).toEqual(labels);
  await fresh.close();
});

test('a plain #record= link opens too', async ({ page }) => {
  const record = { game: 'fortress', setup: { map: 'classic', players: 2 }, moves: ['c3', 'c4', 'b4'] };
  await page.goto('./#record=' + encodeURIComponent(JSON.stringify(record)));
  await expect(cell(page, 'c4')).toHaveAttribute('aria-label', /^c4: empty/);
  await expect(cell(page, 'b4')).toHaveAttribute('aria-label', /b4: 1 Orange piece/);
});

test('a broken link says so and touches no saved game', async ({ page }) => {
  await newClassicGame(page);
  await place(page, 'c3');
  await page.goto('./#g=this-is-not-a-game');
  await expect(page.locator('[data-notice]')).toContainText('damaged');
  await expect(page.locator('[data-notice]')).toContainText('saved games are untouched');
  await expect(page.locator('[data-saved-game]')).toHaveCount(1);
  // A hand-edited record with an illegal move is refused with the move named.
  const bad = { game: 'fortress', moves: ['c3', 'c3'] };
  await page.goto('./#record=' + encodeURIComponent(JSON.stringify(bad)));
  await expect(page.locator('[data-notice]')).toContainText('move 2');
  await expect(page.locator('[data-saved-game]')).toHaveCount(1);
  await page.locator('[data-saved-game] .saved-open').click();
  await expect(cell(page, 'c3')).toHaveAttribute('aria-label', /c3: 1 Orange piece/);
});

test('a corrupted save is set aside and the app starts', async ({ page }) => {
  await page.goto('./');
  await page.evaluate(() => {
    localStorage.setItem('holdfast.game.broken', '{"id": "broken", "record": ');
  });
  await page.reload();
  await expect(page.locator('[data-notice]')).toContainText('set aside');
  await expect(page.locator('[data-action="new-game"]').first()).toBeVisible();
  const kept = await page.evaluate(() => localStorage.getItem('holdfast.corrupt.broken'));
  expect(kept).toContain('"broken"');
  // Listed on the home page, to download or delete.
  const row = page.locator('[data-aside="holdfast.corrupt.broken"]');
  await expect(row).toContainText('broken');
  await expect(row).toContainText('date unknown');
  const download = page.waitForEvent('download');
  await row.locator('[data-action="download-aside"]').click();
  const file = await download;
  expect(require('fs').readFileSync(await file.path(), 'utf8')).toBe('{"id": "broken", "record": ');
  await page.reload();
  await expect(row).toBeVisible();
  // Delete asks once: Keep keeps it, Delete deletes it.
  await row.locator('[data-action="delete-aside"]').click();
  await row.locator('[data-action="delete-aside-no"]').click();
  await expect(row.locator('[data-action="delete-aside"]')).toBeVisible();
  await row.locator('[data-action="delete-aside"]').click();
  await row.locator('[data-action="delete-aside-yes"]').click();
  await expect(row).toHaveCount(0);
  await page.reload();
  await expect(page.locator('[data-action="new-game"]').first()).toBeVisible();
  await expect(row).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('holdfast.corrupt.broken'))).toBeNull();
});

test('a game plays to the end and offers the rematch', async ({ page }) => {
  await page.goto('./');
  await page.locator('[data-action="new-game"]').first().click();
  await peopleOnly(page);
  await page.locator('[data-action="start"]').click();
  // Each pass asks once.
  for (const status of ['Blue to move', 'draw']) {
    await page.locator('[data-action="pass"]').click();
    await page.locator('[data-action="pass"]').click();
    await expect(page.locator(status === 'draw' ? '[data-game-over]' : '[data-status]')).toContainText(status);
  }
  await page.locator('[data-action="rematch"]').click();
  await expect(page.locator('[data-notice]')).toContainText('other player goes first');
  await expect(page.locator('[data-seat="0"] .seat-name')).toHaveText('Blue');
});

test('step through the moves with the buttons beside the list and the arrow keys', async ({ page }) => {
  await newClassicGame(page);
  await place(page, 'c3');
  await place(page, 'd4');
  const current = page.locator('.moves .move.current');
  await expect(page.locator('[data-action="review-next"]')).toBeDisabled();
  // At the live position, Right and End have nothing to do: the app leaves them be.
  await page.evaluate(() => {
    window.addEventListener('keydown', (e) => { window.taken = e.defaultPrevented; });
  });
  await page.keyboard.press('ArrowRight');
  expect(await page.evaluate(() => window.taken)).toBe(false);
  await page.keyboard.press('ArrowLeft');
  expect(await page.evaluate(() => window.taken)).toBe(true);
  await expect(current).toContainText('c3');
  await expect(cell(page, 'd4')).toHaveAttribute('aria-label', /^d4: empty/);
  await page.locator('[data-action="review-first"]').click();
  await expect(current).toHaveCount(0);
  await expect(cell(page, 'c3')).toHaveAttribute('aria-label', /^c3: empty/);
  await expect(page.locator('[data-action="review-previous"]')).toBeDisabled();
  await page.keyboard.press('ArrowRight');
  await expect(current).toContainText('c3');
  await page.locator('[data-action="review-next"]').click();
  // The last move: the game as it stands, playable again.
  await expect(current).toHaveCount(0);
  await expect(cell(page, 'd4')).toHaveAttribute('aria-label', /d4: 1 Blue piece/);
  await page.keyboard.press('Home');
  await expect(cell(page, 'c3')).toHaveAttribute('aria-label', /^c3: empty/);
  await page.keyboard.press('End');
  await expect(page.locator('[data-status]')).toContainText('Orange to move');
});

test('by default a finger\'s tap asks to be confirmed and a mouse click plays at once', async ({ page }) => {
  // The defaults, not the fixture's "confirm clicks too".
  await page.addInitScript(() => {
    const key = 'holdfast.settings';
    const s = JSON.parse(localStorage.getItem(key) || '{}');
    s.confirm_mouse = false;
    localStorage.setItem(key, JSON.stringify(s));
  });
  await newClassicGame(page);
  // A finger: the first tap shows the ghost, the second plays.
  await cell(page, 'c3').tap();
  await expect(page.locator('[data-tap-message]')).toContainText('Tap c3 again');
  await expect(page.locator('.moves .move')).toHaveCount(0);
  await cell(page, 'c3').tap();
  await expect(cell(page, 'c3')).toHaveAttribute('aria-label', /c3: 1 Orange piece/);
  // A mouse: one click plays.
  await cell(page, 'c4').click();
  await expect(cell(page, 'c4')).toHaveAttribute('aria-label', /c4: 1 Blue piece/);
  await expect(page.locator('.moves .move')).toHaveCount(2);
  // The settings say which is which.
  await page.locator('[data-action="settings"]').click();
  await expect(page.locator('[data-setting="confirm-tap"]')).toBeChecked();
  await expect(page.locator('[data-setting="confirm-mouse"]')).not.toBeChecked();
  await expect(page.locator('.settings')).toContainText('On a touch screen');
});

test('"New game" from a game under way asks once, and the game stays under Continue', async ({ page }) => {
  await newClassicGame(page);
  // Nothing played yet: nothing to ask about.
  await expect(page.locator('.play [data-action="new-game"]')).toBeVisible();
  await place(page, 'c3');
  await page.locator('.play [data-action="new-game"]').click();
  await expect(page.locator('[data-action="new-game-yes"]')).toBeVisible();
  await page.locator('[data-action="new-game-no"]').click();
  await expect(page.locator('[data-action="new-game-yes"]')).toHaveCount(0);
  await expect(page.locator('.moves .move')).toHaveCount(1);
  await page.locator('.play [data-action="new-game"]').click();
  await page.locator('[data-action="new-game-yes"]').click();
  await expect(page.locator('[data-action="start"]')).toBeVisible();
  await page.locator('button.brand').click();
  await expect(page.locator('[data-saved-game]', { hasText: '1 move' })).toHaveCount(1);
});

test('Resign asks once, ends the game for the other player, stays after a reload, and Undo takes it back', async ({ page, browser, baseURL }) => {
  await newClassicGame(page);
  await place(page, 'c3');
  await page.locator('[data-action="resign"]').click();
  await expect(page.locator('[data-action="resign-yes"]')).toBeVisible();
  await expect(page.locator('.controls')).toContainText('Blue resigns and Orange wins?');
  await page.locator('[data-action="resign-no"]').click();
  await expect(page.locator('[data-action="resign-yes"]')).toHaveCount(0);
  await expect(page.locator('[data-status]')).toContainText('Blue to move');
  await page.locator('[data-action="resign"]').click();
  await page.locator('[data-action="resign-yes"]').click();
  await expect(page.locator('[data-status]')).toContainText('Blue resigned: Orange wins.');
  await expect(page.locator('[data-game-over]')).toContainText('Blue resigned: Orange wins.');
  await expect(page.locator('[data-action="resign"]')).toHaveCount(0);
  // The board takes no more moves.
  await cell(page, 'd4').click();
  await cell(page, 'd4').click();
  await expect(cell(page, 'd4')).toHaveAttribute('aria-label', /^d4: empty/);
  await page.reload();
  await expect(page.locator('[data-game-over]')).toContainText('Blue resigned');
  // The share link carries it.
  await page.locator('[data-action="share"]').first().click();
  const link = await page.locator('[data-share-link]').inputValue();
  await page.locator('[data-action="undo"]').click();
  await expect(page.locator('[data-game-over]')).toHaveCount(0);
  await expect(page.locator('[data-status]')).toContainText('Blue to move');
  await expect(page.locator('.moves .move')).toHaveCount(1);
  const fresh = await browser.newContext({ viewport: { width: 768, height: 1024 }, hasTouch: true });
  const other = await fresh.newPage();
  await other.goto(link.replace(/^https?:\/\/[^/]+\//, baseURL));
  await expect(other.locator('[data-game-over]')).toContainText('Blue resigned: Orange wins.');
  await fresh.close();
});

test('a refusal is written clear of the cell it is about', async ({ page }) => {
  const record = { game: 'fortress', setup: { map: 'classic', players: 2 }, moves: ['c1', 'c6'] };
  await page.goto('./#record=' + encodeURIComponent(JSON.stringify(record)));
  const message = page.locator('[data-tap-message]');
  // c6, in the top row: the message goes under the board's bottom edge.
  await cell(page, 'c6').click();
  await expect(message).toContainText('c6');
  await expect(page.locator('.board-feedback')).toHaveClass(/low/);
  const c6 = await cell(page, 'c6').boundingBox();
  const m = await message.boundingBox();
  expect(m.y).toBeGreaterThan(c6.y + c6.height);
  // c1, in the bottom row: over the top edge as usual.
  await cell(page, 'c1').click();
  await expect(message).toContainText('c1');
  await expect(page.locator('.board-feedback')).not.toHaveClass(/low/);
  const c1 = await cell(page, 'c1').boundingBox();
  expect((await message.boundingBox()).y + (await message.boundingBox()).height).toBeLessThan(c1.y);
});

test('the replay steps through the game at the chosen speed, with the chart, and a new game branches from any move', async ({ page }) => {
  const record = { game: 'fortress', setup: { map: 'classic', players: 2 }, moves: ['c3', 'd4', 'b2', 'e5', 'c4', 'd3'] };
  await page.goto('./#record=' + encodeURIComponent(JSON.stringify(record)));
  await expect(page.locator('.moves .move')).toHaveCount(6);
  await page.locator('[data-autoplay-speed]').selectOption('400');
  await page.locator('[data-action="autoplay"]').click();
  // From the start, a move at a time: the chart marks where the replay stands.
  await expect(page.locator('[data-action="back-to-game"]')).toBeVisible();
  await expect(page.locator('[data-chart-at]')).toHaveAttribute('data-chart-at', /^[0-2]$/);
  // At move 3 the board shows move 3's position: both read in one frame, so a busy
  // machine cannot let the replay move on between the two (it waits on the state,
  // not on the time a step takes).
  const e5AtMove3 = await page.waitForFunction(() => {
    const at = document.querySelector('[data-chart-at]')?.getAttribute('data-chart-at');
    return at === '3' && document.querySelector('[data-cell="e5"]').getAttribute('aria-label');
  }, null, { polling: 'raf', timeout: 5000 });
  expect(await e5AtMove3.jsonValue()).toMatch(/^e5: empty/);
  // And it stops at the game now.
  await expect(page.locator('[data-action="back-to-game"]')).toHaveCount(0, { timeout: 5000 });
  await expect(page.locator('[data-action="autoplay"]')).toContainText('Replay');
  await expect(page.locator('[data-cell="d3"]')).not.toHaveAttribute('aria-label', /^d3: empty/);
  // Move 2 in the list, then a new game from there; the first stays whole.
  await page.locator('.moves .move').nth(1).click();
  await page.locator('[data-action="branch"]').click();
  await expect(page.locator('[data-notice]')).toContainText('A new game from move 2');
  await expect(page.locator('.moves .move')).toHaveCount(2);
  await page.goto('./#home');
  await expect(page.locator('[data-saved-game]', { hasText: '6 moves' })).toHaveCount(1);
  await expect(page.locator('[data-saved-game]', { hasText: '2 moves' })).toHaveCount(1);
});
