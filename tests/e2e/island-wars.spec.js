// Island Wars end to end: four players on a tablet, two rounds by tapping, a reload.
const { test, expect, peopleOnly } = require('./helpers');

const labels = (page) => page.locator('[data-cell]').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
const placeable = (page) => page.locator('[data-cell]').evaluateAll((els) =>
  els.filter((e) => /you can place here/.test(e.getAttribute('aria-label'))).map((e) => e.getAttribute('data-cell')));

test.beforeEach(async ({ page }) => {
  page.on('pageerror', (e) => { throw e; });
});

test('four players, two rounds by tapping; a reload keeps the game', async ({ page }) => {
  await page.goto('./');
  await page.locator('[data-action="new-game"][data-game="island-wars"]').click();
  await page.locator('[data-players="4"]').click();
  await expect(page.locator('[data-players="4"]')).toHaveAttribute('aria-pressed', 'true');
  await peopleOnly(page);
  await page.locator('[data-action="start"]').click();
  await expect(page.locator('[data-status]')).toContainText('Round 1 of 12 \u2014 Tan to move');

  const kinds = ['barracks', 'barracks', 'tower', 'barracks', 'port', 'barracks', 'barracks', 'tower'];
  for (let turn = 0; turn < 8; turn++) {
    const kind = kinds[turn];
    await page.locator(`[data-kind="${kind}"]`).click();
    // Read the board only once it shows the chosen piece's hexes.
    await expect(page.locator(`[data-kind="${kind}"]`)).toHaveAttribute('aria-pressed', 'true');
    let cells = await placeable(page);
    if (cells.length === 0) {
      await page.locator('[data-kind="barracks"]').click();
      await expect(page.locator('[data-kind="barracks"]')).toHaveAttribute('aria-pressed', 'true');
      cells = await placeable(page);
    }
    const target = cells[0];
    await page.locator(`[data-cell="${target}"]`).click();
    await expect(page.locator('[data-tap-message]')).toContainText(`Tap ${target} again`);
    await page.locator(`[data-cell="${target}"]`).click();
    await expect(page.locator(`[data-cell="${target}"]`)).toHaveAttribute('aria-label', /'s (barracks|tower|port)/);
    await expect(page.locator('.moves .move')).toHaveCount(turn + 1);
  }
  await expect(page.locator('[data-status]')).toContainText('Round 3 of 12');
  // An illegal tap says why: open water.
  await page.locator('[data-cell="a1"]').click();
  await expect(page.locator('[data-tap-message]')).toContainText('land, not water');

  const before = await labels(page);
  const scores = await page.locator('[data-score-seat]').allTextContents();
  await page.reload();
  await expect(page.locator('[data-status]')).toContainText('Round 3 of 12');
  await expect(page.locator('.moves .move')).toHaveCount(8);
  expect(await labels(page)).toEqual(before);
  expect(await page.locator('[data-score-seat]').allTextContents()).toEqual(scores);
});
