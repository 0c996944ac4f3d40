// Every game's rules page draws all its diagrams (a diagram whose position cannot be
// built would silently be left out).
const { test, expect } = require('./helpers');

const DIAGRAMS = { fortress: 2, fort: 3, frontier: 2, citadel: 3, 'island-wars': 2 };

test('every rules page draws its diagrams', async ({ page }) => {
  page.on('pageerror', (e) => { throw e; });
  for (const [game, n] of Object.entries(DIAGRAMS)) {
    await page.goto('./');
    await page.locator(`[data-action="how-to-play"][data-game="${game}"]`).click();
    await expect(page.locator('article.rules h1')).toBeVisible();
    await expect(page.locator('.diagram .board')).toHaveCount(n);
  }
});

test('the home page shows a live board for every game', async ({ page }) => {
  page.on('pageerror', (e) => { throw e; });
  await page.goto('./');
  for (const game of Object.keys(DIAGRAMS)) {
    await expect(page.locator(`[data-card="${game}"] .board`)).toHaveCount(1);
  }
});
