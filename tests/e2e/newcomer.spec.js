// The smaller things a newcomer meets in the first ten minutes: the rules say how
// to win first and lead back to the game; the score chart takes a tap; the first
// turn shows no offer to count and no pause; a Ukrainian first visit loads only
// Ukrainian's catalogue; on a Go board a tap between the points goes to a point.
const fs = require('fs');
const path = require('path');
const { test, expect, peopleOnly } = require('./helpers');

const fixture = (name) => JSON.parse(fs.readFileSync(path.join(__dirname, '../fixtures', name), 'utf8')).record;

test('a rules page says how to win first, and leads back to the game open', async ({ page }) => {
  // With no game open, the rules page has no way back to one.
  await page.goto('./#rules/citadel');
  await expect(page.locator('main h1')).toHaveText('Citadel');
  await expect(page.locator('[data-action="rules-back"]')).toHaveCount(0);
  await page.goto('./');
  await page.locator('[data-action="new-game"][data-game="fort"]').click();
  await peopleOnly(page);
  await page.locator('[data-action="start"]').click();
  await expect(page.locator('[data-status]')).toBeVisible();
  await page.locator('[data-action="rules"]').click();
  await expect(page.locator('main h2').first()).toHaveText('Winning');
  await page.locator('[data-action="rules-back"]').first().click();
  await expect(page.locator('[data-status]')).toContainText('Orange');
});

test('a tap on the score chart goes to that point of the game', async ({ page }) => {
  const record = fixture('fort-count-01.json');
  await page.goto('./#record=' + encodeURIComponent(JSON.stringify(record)));
  const chart = page.locator('[data-game-over] [data-chart]');
  await expect(chart).toBeVisible();
  const box = await chart.boundingBox();
  await chart.click({ position: { x: box.width / 2, y: box.height / 2 } });
  const at = page.locator('[data-chart-at]');
  await expect(at).toHaveCount(1);
  const ply = Number(await at.getAttribute('data-chart-at'));
  expect(Math.abs(ply - record.moves.length / 2)).toBeLessThanOrEqual(2);
  await expect(page.locator('.moves .move.current')).toHaveCount(1);
});

test('the first turn offers no count and no pause', async ({ page }) => {
  await page.goto('./');
  await page.locator('[data-action="new-game"][data-game="fort"]').click();
  await page.locator('[data-action="start"]').click(); // you against the computer
  await expect(page.locator('[data-status]')).toBeVisible();
  await expect(page.locator('[data-action="hint"]')).toBeVisible();
  await expect(page.locator('[data-action="count"]')).toHaveCount(0);
  await expect(page.locator('[data-action="pause"]')).toHaveCount(0);
});

test('a Ukrainian first visit loads the Ukrainian catalogue only, and speaks Ukrainian from the first screen', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'uk-UA' });
  const page = await context.newPage();
  const asked = [];
  page.on('request', (r) => asked.push(new URL(r.url()).pathname));
  await page.goto('/');
  await expect(page.locator('[data-action="new-game"]').first()).toHaveText('Нова гра');
  expect(asked).toContain('/uk.js');
  expect(asked).not.toContain('/en.js');
  await context.close();
});

test('on a Go board a tap between the points goes to a point, not to a wall', async ({ page }) => {
  await page.goto('./');
  await page.locator('[data-action="new-game"][data-game="citadel"]').click();
  await peopleOnly(page);
  await page.locator('[data-action="start"]').click();
  // Between j10, k10, j11 and k11: off every point.
  const a = await page.locator('[data-cell="j10"]').boundingBox();
  const b = await page.locator('[data-cell="k11"]').boundingBox();
  await page.mouse.click((a.x + a.width / 2 + b.x + b.width / 2) / 2, (a.y + a.height / 2 + b.y + b.height / 2) / 2);
  const message = page.locator('[data-tap-message]');
  await expect(message).toContainText(/j10|k10|j11|k11/);
  await expect(message).not.toContainText(/wall/i);
});
