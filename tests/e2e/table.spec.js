// Table mode with four seats on a tablet, upright and on its side: each panel faces
// its player, the turn faces whoever is to move (the banner and controls turned
// round for the top seat; the side seat's own panel says the turn and holds Pass),
// the board stays on screen, and a game is played to its first score change.
const { test, expect } = require('./helpers');

async function place(page, name) {
  await page.locator(`[data-cell="${name}"]`).click();
  await page.locator(`[data-cell="${name}"]`).click();
}

for (const [name, viewport] of [['upright', { width: 768, height: 1024 }], ['on its side', { width: 1024, height: 768 }]]) {
  test(`table mode, four seats, tablet ${name}`, async ({ page }) => {
    await page.addInitScript(() => {
      const key = 'holdfast.settings';
      const s = JSON.parse(localStorage.getItem(key) || '{}');
      s.table_mode = true;
      localStorage.setItem(key, JSON.stringify(s));
    });
    await page.setViewportSize(viewport);
    const record = { game: 'fortress', setup: { map: 'classic', players: 4 }, moves: [] };
    await page.goto('./#record=' + encodeURIComponent(JSON.stringify(record)));
    const seat = (n) => page.locator(`.table-grid [data-seat="${n}"]`);
    // Around the table in turn order: near, left, far, right.
    await expect(seat(0)).toHaveClass(/at-bottom/);
    await expect(seat(1)).toHaveClass(/at-left/);
    await expect(seat(2)).toHaveClass(/at-top/);
    await expect(seat(3)).toHaveClass(/at-right/);
    const style = (n, prop) => seat(n).evaluate((el, p) => getComputedStyle(el)[p], prop);
    expect(await style(1, 'writingMode')).toBe('vertical-rl');
    expect(await style(3, 'writingMode')).toBe('vertical-rl');
    expect(await style(2, 'transform')).toMatch(/^matrix\(-1, /);
    expect(await style(3, 'transform')).toMatch(/^matrix\(-1, /);
    expect(await style(1, 'transform')).toBe('none');
    // The whole board is on screen, beside every panel.
    const board = await page.locator('.play svg.board').boundingBox();
    expect(board.y + board.height).toBeLessThanOrEqual(viewport.height);
    expect(board.height).toBeGreaterThan(250);
    // Orange (near) plays: the first score change.
    await expect(page.locator('[data-score-seat="0"]')).toHaveText('0');
    await place(page, 'c3');
    await expect(page.locator('[data-score-seat="0"]')).not.toHaveText('0');
    // Blue, at the left, to move: their panel says so and holds Pass.
    await expect(seat(1).locator('[data-seat-status]')).toContainText('Blue to move');
    await expect(seat(1).locator('[data-action="pass"]')).toBeVisible();
    await expect(page.locator('.controls [data-action="pass"]')).toHaveCount(0);
    await place(page, 'd4');
    // Green, at the top: the banner and the controls turn round to face them.
    await expect(page.locator('.play.table-mode')).toHaveClass(/facing-top/);
    expect(await page.locator('.turn-banner').evaluate(el => getComputedStyle(el).transform)).toMatch(/^matrix\(-1, /);
    await expect(page.locator('.controls [data-action="pass"]')).toBeVisible();
    await place(page, 'e5');
    // Red, at the right: their panel again.
    await expect(seat(3).locator('[data-seat-status]')).toContainText('Red to move');
    await expect(page.locator('.moves .move')).toHaveCount(3);
  });
}
