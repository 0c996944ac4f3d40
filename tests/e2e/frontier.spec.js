// Frontier end to end: a mode 2 game on a painted field, a mode 3 turn with two
// generals, each kept across a reload.
const { test, expect, peopleOnly } = require('./helpers');

const cell = (page, name) => page.locator(`[data-cell="${name}"]`);
const labels = (page) => page.locator('[data-cell]').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));

test.beforeEach(async ({ page }) => {
  page.on('pageerror', (e) => { throw e; });
});

async function build(page, name) {
  await cell(page, name).click();
  await expect(page.locator('[data-tap-message]')).toContainText(`Tap ${name} again`);
  await cell(page, name).click();
}

test('mode 2 on a painted field, by tapping; a reload keeps it', async ({ page }) => {
  await page.goto('./');
  await page.locator('[data-action="new-game"][data-game="frontier"]').click();
  await page.locator('[data-mode="2"]').click();
  await expect(page.locator('[data-mode="2"]')).toHaveAttribute('aria-pressed', 'true');
  await page.locator('[data-field="width"]').fill('7');
  await page.locator('[data-field="height"]').fill('5');
  await expect(page.locator('[data-cell]')).toHaveCount(35);
  // The cities move with the field (as far from the nearer edges, the middle row
  // in the middle): playable at once. Then they are placed by tapping.
  await expect(page.locator('[data-action="start"]')).toBeEnabled();
  await cell(page, 'c1').click();
  await cell(page, 'c2').click(); // too close: refused with the reason
  await expect(page.locator('[data-setup-message]')).toContainText('at least 3 apart');
  await cell(page, 'c7').click();
  await page.locator('[data-tool="water"]').click();
  await expect(page.locator('[data-tool="water"]')).toHaveAttribute('aria-pressed', 'true');
  await cell(page, 'c4').click();
  await page.locator('[data-tool="mountain"]').click();
  await expect(page.locator('[data-tool="mountain"]')).toHaveAttribute('aria-pressed', 'true');
  await cell(page, 'b4').click();
  await expect(cell(page, 'c4')).toHaveAttribute('aria-label', /water/);
  await peopleOnly(page);
  await page.locator('[data-action="start"]').click();

  await expect(page.locator('[data-status]')).toContainText('Orange to build');
  await expect(cell(page, 'c1')).toHaveAttribute('aria-label', /Orange's city/);
  await expect(cell(page, 'c4')).toHaveAttribute('aria-label', /c4 \(water\): nobody's land/);
  // Water is never built on.
  await cell(page, 'c4').click();
  await expect(page.locator('[data-tap-message]')).toContainText('plain cells only');
  await build(page, 'c2');
  await expect(cell(page, 'c2')).toHaveAttribute('aria-label', /Orange's fort/);
  await build(page, 'c6');
  await build(page, 'c3'); // its neighbours include the water on c4: taken, never built on
  await expect(cell(page, 'c4')).toHaveAttribute('aria-label', /c4 \(water\): Orange's territory/);
  await expect(page.locator('.moves .move')).toHaveCount(3);
  const before = await labels(page);
  const scores = await page.locator('[data-score-seat]').allTextContents();
  await page.reload();
  await expect(page.locator('[data-status]')).toContainText('Blue to build');
  await expect(page.locator('.moves .move')).toHaveCount(3);
  expect(await labels(page)).toEqual(before);
  expect(await page.locator('[data-score-seat]').allTextContents()).toEqual(scores);
});

test('mode 3: a turn with two generals, by tapping; a reload keeps it', async ({ page }) => {
  const record = {
    game: 'frontier',
    setup: { mode: 3, width: 7, height: 5, cities: ['c1', 'c7'], turns: 5 },
    moves: ['c1-c2', 'c7-c6-c5'],
  };
  await page.goto('./#record=' + encodeURIComponent(JSON.stringify(record)));
  await expect(page.locator('[data-status]')).toContainText('Orange: turn 2 of 5');
  // The new general stands in the city: the turn cannot end yet, and says why.
  await expect(page.locator('[data-action="end-turn"]')).toBeDisabled();
  await expect(page.locator('[data-end-why]')).toContainText('must leave');

  // First general: out of the city to b1 (it could also build there: asked which).
  await cell(page, 'c1').click();
  await expect(cell(page, 'b1')).toHaveAttribute('aria-label', /can move here, or move and build/);
  await cell(page, 'b1').click();
  await expect(page.locator('[data-order-choice]')).toBeVisible();
  await page.locator('[data-action="order-move"]').click();
  await expect(cell(page, 'b1')).toHaveAttribute('aria-label', /Orange's general \(has its order\)/);

  // Second general: one step to c3 and build there.
  await cell(page, 'c2').click();
  await cell(page, 'c3').click();
  await page.locator('[data-action="order-build"]').click();
  await expect(cell(page, 'c3')).toHaveAttribute('aria-label', /Orange's fort/);
  await expect(cell(page, 'c4')).toHaveAttribute('aria-label', /Orange's territory/);

  // A general that has had its order cannot take another.
  await cell(page, 'b1').click();
  await expect(page.locator('[data-tap-message]')).toContainText('has had its order');

  await page.locator('[data-action="end-turn"]').click();
  await expect(page.locator('.moves .move').last()).toHaveText(/c1-b1 c2-c3\+/);
  await expect(page.locator('[data-status]')).toContainText('Blue: turn 2 of 5');

  const before = await labels(page);
  await page.reload();
  await expect(page.locator('[data-status]')).toContainText('Blue: turn 2 of 5');
  expect(await labels(page)).toEqual(before);
});
