// Table mode with four seats on a tablet, upright and on its side: each panel faces
// its player, the turn faces whoever is to move (the banner, the message and the
// player's buttons turned round at the far edge for the top seat; the side seat's
// own panel says the turn and holds their buttons, the message along their edge),
// the board stays on screen, and a game is played to its first score change.
const { test, expect } = require('./helpers');

async function place(page, name) {
  await page.locator(`[data-cell="${name}"]`).click();
  await page.locator(`[data-cell="${name}"]`).click();
}

// Table mode on (set before the app loads), on a tablet of this size.
async function tableMode(page, viewport) {
  await page.addInitScript(() => {
    const key = 'holdfast.settings';
    const s = JSON.parse(localStorage.getItem(key) || '{}');
    s.table_mode = true;
    localStorage.setItem(key, JSON.stringify(s));
  });
  await page.setViewportSize(viewport);
}

for (const [name, viewport] of [['upright', { width: 768, height: 1024 }], ['on its side', { width: 1024, height: 768 }]]) {
  test(`table mode, four seats, tablet ${name}`, async ({ page }) => {
    await tableMode(page, viewport);
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
    // Blue, at the left, to move: their panel says so and holds their buttons
    // (Pass, Undo, Hint); the table's own (Share) stay at the near edge.
    await expect(seat(1).locator('[data-seat-status]')).toContainText('Blue to move');
    for (const a of ['pass', 'undo', 'hint']) {
      await expect(seat(1).locator(`[data-action="${a}"]`)).toBeVisible();
      await expect(page.locator(`.controls [data-action="${a}"]`)).toHaveCount(0);
    }
    await expect(page.locator('.controls [data-action="share"]')).toBeVisible();
    // A refused tap is said along Blue's edge, facing them.
    await page.locator('[data-cell="c3"]').click();
    await expect(page.locator('[data-tap-message]')).toBeVisible();
    expect(await page.locator('.board-feedback').evaluate(el => getComputedStyle(el).writingMode)).toBe('vertical-rl');
    await place(page, 'd4');
    // Green, at the top: the banner, the message and Green's buttons turn round to
    // face them, the buttons at the far edge, above the board.
    await expect(page.locator('.play.table-mode')).toHaveClass(/facing-top/);
    const turned = (sel) => page.locator(sel).evaluate(el => getComputedStyle(el).transform);
    expect(await turned('.turn-banner')).toMatch(/^matrix\(-1, /);
    await expect(page.locator('.far-controls [data-action="pass"]')).toBeVisible();
    await expect(page.locator('.far-controls [data-action="undo"]')).toBeVisible();
    expect(await turned('.far-controls')).toMatch(/^matrix\(-1, /);
    const far = await page.locator('.far-controls').boundingBox();
    expect(far.y + far.height).toBeLessThanOrEqual((await page.locator('.play svg.board').boundingBox()).y);
    await page.locator('[data-cell="c3"]').click();
    expect(await turned('.board-feedback')).toMatch(/^matrix\(-1, /);
    await place(page, 'e5');
    // Red, at the right: their panel again.
    await expect(seat(3).locator('[data-seat-status]')).toContainText('Red to move');
    await expect(seat(3).locator('[data-action="undo"]')).toBeVisible();
    await expect(page.locator('.moves .move')).toHaveCount(3);
  });
}

// Island Wars with four seats round a tablet: the board keeps its size through a
// round whichever edge is to move (the side panels hold a fixed share of the width),
// and the near player's piece buttons are on screen without scrolling, both ways up.
for (const [name, viewport] of [['upright', { width: 768, height: 1024 }], ['on its side', { width: 1024, height: 768 }]]) {
  test(`table mode, Island Wars for four, tablet ${name}: the board keeps its size`, async ({ page }) => {
    await tableMode(page, viewport);
    const record = { game: 'island-wars', setup: { players: 4 }, moves: [] };
    await page.goto('./#record=' + encodeURIComponent(JSON.stringify(record)));
    await page.locator('[data-notice] button').click();
    const board = page.locator('.play svg.board');
    const first = await board.boundingBox();
    const inView = async () => {
      for (const b of await page.locator('[data-kind]').all()) {
        const box = await b.boundingBox();
        expect(box.y + box.height, 'the near player\'s piece buttons are on screen').toBeLessThanOrEqual(viewport.height);
        expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      }
    };
    await inView();
    for (let turn = 1; turn <= 4; turn++) {
      const place = page.locator('.play [data-cell][aria-label*="you can place here"]').first();
      await place.click();
      await place.click();
      await expect(page.locator('.moves .move')).toHaveCount(turn);
      const box = await board.boundingBox();
      expect(Math.abs(box.width - first.width) / first.width, `turn ${turn}: width`).toBeLessThanOrEqual(0.05);
      expect(Math.abs(box.height - first.height) / first.height, `turn ${turn}: height`).toBeLessThanOrEqual(0.05);
      expect(box.height).toBeGreaterThan(250);
    }
    // The round is over: the near player again, their buttons on screen.
    await expect(page.locator('.table-grid [data-seat="0"]')).toHaveClass(/to-move/);
    await inView();
  });
}
