// Citadel end to end on a 13x13 board: setup, draft and two turns by tapping, a reload.
const { test, expect, peopleOnly } = require('./helpers');

const cell = (page, name) => page.locator(`[data-cell="${name}"]`);
const labels = (page) => page.locator('[data-cell], [data-face]').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));

test.beforeEach(async ({ page }) => {
  page.on('pageerror', (e) => { throw e; });
});

async function twice(page, sel, text) {
  await page.locator(sel).click();
  await expect(page.locator('[data-tap-message]')).toContainText(text);
  await page.locator(sel).click();
}

test('setup, draft and two turns by tapping on 13x13; a reload keeps the game', async ({ page }) => {
  await page.goto('./');
  await page.locator('[data-action="new-game"][data-game="citadel"]').click();
  await page.locator('[data-size="13"]').click();
  await expect(page.locator('[data-size="13"]')).toHaveAttribute('aria-pressed', 'true');
  await peopleOnly(page);
  await page.locator('[data-action="start"]').click();
  await expect(page.locator('[data-status]')).toContainText('place neutral citadel 1 of 9');

  // Too close to the edge: refused with the reason.
  await cell(page, 'b5').click();
  await expect(page.locator('[data-tap-message]')).toContainText('two cells from every edge');
  for (const c of ['c3', 'c7', 'c11', 'g3', 'g7', 'g11', 'k3', 'k7', 'k11']) {
    await twice(page, `[data-cell="${c}"]`, `Tap ${c} again`);
  }
  await expect(page.locator('[data-status]')).toContainText('Blue: take a citadel (pick 1 of 6)');
  for (const c of ['g7', 'c3', 'k11', 'c7', 'k7', 'g3']) {
    await twice(page, `[data-cell="${c}"]`, `Tap ${c} again`);
  }
  await expect(cell(page, 'c3')).toHaveAttribute('aria-label', /Orange's warrior, strength 2.*Orange's citadel/);
  await expect(page.locator('[data-status]')).toContainText('Orange: 3 credits left');

  // Orange: move c3-c4, then a wall on the square d3 beside it.
  await cell(page, 'c3').click();
  await expect(cell(page, 'c4')).toHaveAttribute('aria-label', /can move here/);
  await cell(page, 'c4').click();
  await expect(cell(page, 'c4')).toHaveAttribute('aria-label', /Orange's warrior/);
  await twice(page, '[data-face="d3"]', 'build a wall');
  await expect(page.locator('[data-face="d3"]')).toHaveAttribute('aria-label', /wall, strength 1/);
  await expect(page.locator('[data-credits]')).toContainText('Credits left: 1');
  // Not enough credits for a recruit now: said plainly.
  await cell(page, 'c4').click(); // deselect
  await cell(page, 'b7').click();
  await expect(page.locator('[data-tap-message]')).toContainText('Not enough credits');
  await page.locator('[data-action="end-turn"]').click();
  await expect(page.locator('.moves .move').last()).toHaveText(/c3-c4 W:d3/);

  // Blue: recruit beside g7, then move it.
  await twice(page, '[data-cell="h7"]', 'recruit');
  await cell(page, 'h7').click();
  await cell(page, 'h6').click();
  await expect(cell(page, 'h6')).toHaveAttribute('aria-label', /Blue's warrior/);
  await page.locator('[data-action="end-turn"]').click();
  await expect(page.locator('.moves .move').last()).toHaveText(/R:h7 h7-h6/);
  await expect(page.locator('[data-status]')).toContainText('Orange: 3 credits left');

  const before = await labels(page);
  await page.reload();
  // Wait for the app to be back before reading the board.
  await expect(page.locator('.moves .move')).toHaveCount(17);
  expect(await labels(page)).toEqual(before);
});

test('a 19x19 board zooms in and out, and taps still play when zoomed', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('./');
  await page.locator('[data-action="new-game"][data-game="citadel"]').click();
  await peopleOnly(page);
  await page.locator('[data-action="start"]').click();
  const board = page.locator('svg.board.zoomable');
  const whole = await board.getAttribute('viewBox');
  await page.locator('[data-action="zoom-in"]').click();
  await page.locator('[data-action="zoom-in"]').click();
  const zoomed = await board.getAttribute('viewBox');
  expect(Number(zoomed.split(' ')[2])).toBeLessThan(Number(whole.split(' ')[2]) / 2);
  await page.locator('[data-cell="j10"]').click();
  await expect(page.locator('[data-tap-message]')).toContainText('Tap j10 again');
  await page.locator('[data-cell="j10"]').click();
  await expect(page.locator('[data-cell="j10"]')).toHaveAttribute('aria-label', /neutral citadel/);
  await page.locator('[data-action="zoom-reset"]').click();
  expect(await board.getAttribute('viewBox')).toEqual(whole);
});
