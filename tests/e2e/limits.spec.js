// Long games and links over the limits: a 15,000-turn Fort link opens with its move
// list paged and survives a reload; a link past the size limit is refused with the
// limit named, and the saved games stay as they were.
const { test, expect } = require('./helpers');
const fs = require('fs');
const path = require('path');

// The first 15,000 turns of `long_fort write 60000` (crates/holdfast-rules/examples/long_fort.rs),
// packed as a #g= link by crates/holdfast-web/examples/link.rs: about 59,000 characters.
const longFort = fs.readFileSync(path.join(__dirname, 'fort-15000-turns.link'), 'utf8').trim();

test('a 15,000-turn Fort link opens, pages its moves and survives a reload', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('./#' + longFort);
  const pageLabel = page.locator('[data-moves-page]');
  await expect(pageLabel).toHaveText('Moves 14801\u201315000 of 15000', { timeout: 30_000 });
  await expect(page.locator('.moves .move')).toHaveCount(200);
  await expect(page.locator('.moves .move').last()).toContainText('15000');
  // The page before: the position after move 14800 is shown.
  await page.locator('[data-action="moves-earlier"]').click();
  await expect(pageLabel).toHaveText('Moves 14601\u201314800 of 15000');
  await expect(page.locator('.moves .move.current')).toContainText('14800');
  // The move looked at is scrolled into view in the list.
  await expect(page.locator('.moves .move.current')).toBeInViewport();
  await page.locator('[data-action="moves-later"]').click();
  await expect(pageLabel).toHaveText('Moves 14801\u201315000 of 15000');
  await expect(page.locator('.moves .move.current')).toContainText('14801');
  // Saved as it opened, and the game open last: a reload brings back all 15,000 moves.
  await page.reload();
  await expect(pageLabel).toHaveText('Moves 14801\u201315000 of 15000', { timeout: 30_000 });
});

test('a link over the length limit is refused with the limit named; saves untouched', async ({ page }) => {
  const record = { game: 'fortress', setup: { map: 'classic', players: 2 }, moves: ['c3'] };
  await page.goto('./#record=' + encodeURIComponent(JSON.stringify(record)));
  await expect(page.locator('.moves .move')).toHaveCount(1);
  await page.goto('./#record=' + 'a'.repeat(200_001));
  await expect(page.locator('[data-notice]')).toContainText('longer than 200,000 characters');
  await expect(page.locator('[data-notice]')).not.toContainText('damaged');
  await expect(page.locator('[data-saved-game]')).toHaveCount(1);
  // The game stays the one open last: a reload (to the home page, where the
  // notice left it) lists it, and it opens with its move kept.
  await page.reload();
  await page.locator('[data-saved-game] .saved-open').click();
  await expect(page.locator('.moves .move')).toHaveCount(1);
  await expect(page.locator('[data-cell="c3"]')).toHaveAttribute('aria-label', /c3: 1 Orange piece/);
});

// Fills the storage quota to the last byte, so every write of a game is refused.
async function fillStorage(page) {
  await page.evaluate(() => {
    let n = 0;
    for (const size of [1 << 19, 1 << 10, 16, 1]) {
      const chunk = 'x'.repeat(size);
      try {
        for (;;) localStorage.setItem('filler.' + n++, chunk);
      } catch (e) { /* full at this size: go smaller */ }
    }
    // Then to the byte: a stored value grows until nothing more fits (Chromium
    // lets a value that is already there grow a little past the quota).
    let value = localStorage.getItem('filler.0');
    for (const step of [1 << 16, 1 << 12, 1 << 8, 16, 1]) {
      try {
        for (;;) {
          localStorage.setItem('filler.0', value + 'x'.repeat(step));
          value += 'x'.repeat(step);
        }
      } catch (e) { /* full at this step: go smaller */ }
    }
  });
}

async function freeStorage(page) {
  await page.evaluate(() => {
    for (const k of Object.keys(localStorage)) if (k.startsWith('filler.')) localStorage.removeItem(k);
  });
}

test('a refused write is told on the play screen with the link to keep the game, and saving resumes', async ({ page }) => {
  const record = { game: 'fortress', setup: { map: 'classic', players: 2 }, moves: ['c3'] };
  await page.goto('./#record=' + encodeURIComponent(JSON.stringify(record)));
  await expect(page.locator('.moves .move')).toHaveCount(1);
  await expect(page.locator('[data-save-error]')).toHaveCount(0);
  await fillStorage(page);
  const play = async (name) => {
    await page.locator(`[data-cell="${name}"]`).click();
    await page.locator(`[data-cell="${name}"]`).click();
  };
  await play('d4');
  const alert = page.locator('[data-save-error]');
  await expect(alert).toBeVisible();
  await expect(alert).toHaveAttribute('role', 'alert');
  await expect(alert).toContainText('This game is not being saved');
  // The game as a file: the record, both moves in it.
  const download = page.waitForEvent('download');
  await alert.locator('[data-action="export-file"]').click();
  const file = await download;
  const saved = JSON.parse(fs.readFileSync(await file.path(), 'utf8'));
  expect(saved.game).toBe('fortress');
  expect(saved.moves).toEqual(['c3', 'd4']);
  await alert.locator('[data-action="export-link"]').click();
  const link = await page.locator('[data-share-link]').inputValue();
  expect(link).toContain('#c=');
  // Room again: the game is saved within seconds without another move (the app
  // tries again every 5 s), the warning goes, and a reload has every move.
  await freeStorage(page);
  await expect(alert).toHaveCount(0, { timeout: 15_000 });
  const stored = await page.evaluate(() => {
    const id = localStorage.getItem('holdfast.current');
    return JSON.parse(localStorage.getItem('holdfast.game.' + id)).record.moves;
  });
  expect(stored).toEqual(['c3', 'd4']);
  await play('b4');
  await page.reload();
  await expect(page.locator('.moves .move')).toHaveCount(3);
  // The exported link holds the move that could not be saved.
  await page.goto(link.replace(/^https?:\/\/[^/]+\//, './'));
  await expect(page.locator('[data-cell="d4"]')).toHaveAttribute('aria-label', /d4: 1 Blue piece/);
});

test('a game left while its writes are refused is kept, said unsaved, and written when there is room', async ({ page }) => {
  const fortress = { game: 'fortress', setup: { map: 'classic', players: 2 }, moves: ['c3'] };
  await page.goto('./#record=' + encodeURIComponent(JSON.stringify(fortress)));
  await expect(page.locator('.moves .move')).toHaveCount(1);
  await fillStorage(page);
  await page.locator('[data-cell="d4"]').click();
  await page.locator('[data-cell="d4"]').click();
  await expect(page.locator('[data-save-error]')).toContainText('This game is not being saved');
  // Leaving the page now would lose the move: the browser asks first.
  const asked = new Promise(resolve => page.once('dialog', d => { resolve(d.type()); d.dismiss(); }));
  await page.evaluate(() => location.reload());
  expect(await asked).toBe('beforeunload');
  await expect(page.locator('.moves .move')).toHaveCount(2);
  // Another game opened by a link: the first leaves play with its move unsaved.
  const fort = { game: 'fort', setup: {}, moves: [] };
  await page.goto('./#record=' + encodeURIComponent(JSON.stringify(fort)));
  await expect(page.locator('[data-cell="e5"]')).toBeVisible();
  const left = page.locator('[data-unsaved-game]');
  await expect(left).toHaveCount(1);
  await expect(left).toContainText('a game left earlier, are not saved');
  // The home page says it on the game's card, with a file to keep it.
  await page.locator('button.brand').click();
  // (The Fort game's own writes are refused too: its card says so as well.)
  await expect(page.locator('[data-saved-game] [data-unsaved-game]')).toHaveCount(2);
  const card = page.locator('[data-saved-game]', { hasText: '2 moves' });
  await expect(card).toContainText('Its latest moves are not saved');
  const download = page.waitForEvent('download');
  await card.locator('[data-action="export-file"]').click();
  const saved = JSON.parse(fs.readFileSync(await (await download).path(), 'utf8'));
  expect(saved.moves).toEqual(['c3', 'd4']);
  // Room again: written within seconds, the warnings go, and the game holds both moves.
  await freeStorage(page);
  await expect(page.locator('[data-save-error]')).toHaveCount(0, { timeout: 15_000 });
  // A reload comes back to the home page, where it was.
  await page.reload();
  await page.locator('[data-saved-game]', { hasText: '2 moves' }).locator('.saved-open').click();
  await expect(page.locator('.moves .move')).toHaveCount(2);
  await expect(page.locator('[data-cell="d4"]')).toHaveAttribute('aria-label', /d4: 1 Blue piece/);
});
