// Two tabs of one browser on one game (issue 13): each follows the other's moves,
// a tab that missed a change is refused its write and shows the stored game, and a
// deletion in one is final in both; a reload after each loses nothing.
const { test, expect, peopleOnly } = require('./helpers');

const moves = (page) => page.locator('.moves .move');

// With confirm-tap on (the default), a move is two taps on the same area.
async function place(page, name) {
  await page.locator(`[data-cell="${name}"]`).click();
  await page.locator(`[data-cell="${name}"]`).click();
}

test('two tabs play one game, one misses a change, then one deletes it', async ({ context }) => {
  const a = await context.newPage();
  // Tab B can be made deaf to storage events, as a tab is before one arrives.
  const b = await context.newPage();
  await b.addInitScript(() => {
    window.addEventListener('storage', (e) => {
      if (window.holdStorageEvents) e.stopImmediatePropagation();
    });
  });

  await a.goto('./');
  await a.locator('[data-action="new-game"]').first().click();
  await peopleOnly(a);
  await a.locator('[data-action="start"]').click();
  await place(a, 'c3');
  await expect(moves(a)).toHaveCount(1);

  // B opens the game open last: the same one.
  await b.goto('./');
  await expect(moves(b)).toHaveCount(1);

  // A plays: B shows it. B plays: A shows it.
  await place(a, 'd4');
  await expect(moves(b)).toHaveCount(2);
  await expect(b.locator('[data-notice]')).toContainText('played on in another tab');
  await place(b, 'e5');
  await expect(moves(a)).toHaveCount(3);
  await b.reload();
  await expect(moves(b)).toHaveCount(3);

  // B misses A's next move and plays over it: refused, and B shows A's game.
  await b.evaluate(() => { window.holdStorageEvents = true; });
  await place(a, 'b2');
  await expect(moves(a)).toHaveCount(4);
  await place(b, 'f6');
  await expect(b.locator('[data-notice]')).toContainText('your last change here was not saved');
  await expect(moves(b)).toHaveCount(4);
  await expect(moves(b).last()).toContainText('b2');
  await b.evaluate(() => { window.holdStorageEvents = false; });
  await a.reload();
  await expect(moves(a)).toHaveCount(4);
  await expect(moves(a).last()).toContainText('b2');

  // A deletes the game from its home page: B closes it, and neither brings it back.
  await a.locator('.topbar .brand').click();
  await a.locator('[data-action="delete"]').click();
  // Delete asks once.
  await expect(a.locator('[data-saved-game]')).toHaveCount(1);
  await a.locator('[data-action="delete-yes"]').click();
  await expect(a.locator('[data-saved-game]')).toHaveCount(0);
  await expect(b.locator('[data-notice]')).toContainText('deleted in another tab');
  await expect(b.locator('[data-saved-game]')).toHaveCount(0);
  await b.reload();
  await a.reload();
  for (const p of [a, b]) {
    await expect(p.locator('[data-action="new-game"]').first()).toBeVisible();
    await expect(p.locator('[data-saved-game]')).toHaveCount(0);
    await expect(moves(p)).toHaveCount(0);
  }
});
