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
  // Each board's patterns are its own: every id is unique on the page, and every
  // pattern a board paints with is inside that board.
  const ids = await page.evaluate(() => {
    const all = [...document.querySelectorAll('[id]')].map((e) => e.id);
    const foreign = [...document.querySelectorAll('svg [fill^="url(#"]')].filter((e) => {
      const id = e.getAttribute('fill').slice(5, -1);
      return !e.closest('svg').querySelector(`[id="${id}"]`);
    }).length;
    return { all, unique: new Set(all).size, foreign };
  });
  expect(ids.all.filter((i) => i.includes('tint')).length).toBeGreaterThan(5);
  expect(ids.unique).toBe(ids.all.length);
  expect(ids.foreign).toBe(0);
});

test('every screen opens at its top', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 700 });
  await page.goto('./');
  // Away from a game's move list the keys keep their own use (scrolling): the app
  // does not take them.
  await page.evaluate(() => {
    window.addEventListener('keydown', (e) => { window.taken = e.defaultPrevented; });
  });
  for (const key of ['End', 'Home', 'ArrowLeft', 'ArrowRight']) {
    await page.keyboard.press(key);
    expect(await page.evaluate(() => window.taken), key).toBe(false);
  }
  // Scrolled to the bottom of the home page, a new game opens at its top.
  const card = page.locator('[data-card="frontier"] [data-action="new-game"]');
  await card.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  await card.click();
  await expect(page.locator('[data-action="start"]')).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
