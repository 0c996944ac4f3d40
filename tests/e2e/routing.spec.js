// Navigation that behaves like the web: each screen has its own address, Back and
// Forward move between screens (never out of the app from a game), a reload lands
// on the same screen, and share links still open.
const { test, expect, peopleOnly } = require('./helpers');

const hash = (page) => page.evaluate(() => location.hash);

for (const [name, viewport] of [['phone', { width: 390, height: 844 }], ['tablet', { width: 768, height: 1024 }], ['desktop', { width: 1280, height: 800 }]]) {
  test(`Back and Forward between the home page and a game (${name})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('./');
    await expect.poll(() => hash(page)).toBe('#home');
    await page.locator('[data-action="new-game"][data-game="fortress"]').click();
    await expect.poll(() => hash(page)).toBe('#new/fortress');
    await peopleOnly(page);
    await page.locator('[data-action="start"]').click();
    await expect.poll(() => hash(page)).toMatch(/^#play\/\w+$/);
    const play = await hash(page);
    await page.locator('[data-cell="c3"]').click();
    await page.locator('[data-cell="c3"]').click();
    await expect(page.locator('.moves .move')).toHaveCount(1);
    // All games, then Back into the game and Forward out again.
    await page.locator('button', { hasText: 'All games' }).click();
    await expect.poll(() => hash(page)).toBe('#home');
    await expect(page.locator('[data-saved-game]')).toHaveCount(1);
    await page.goBack();
    await expect.poll(() => hash(page)).toBe(play);
    await expect(page.locator('.moves .move')).toHaveCount(1);
    await page.goForward();
    await expect.poll(() => hash(page)).toBe('#home');
    await expect(page.locator('[data-saved-game]')).toHaveCount(1);
    // Back twice: the game, then the new-game screen it was started from.
    await page.goBack();
    await expect(page.locator('.moves .move')).toHaveCount(1);
    await page.goBack();
    await expect(page.locator('[data-action="start"]')).toBeVisible();
    await page.goForward();
    await expect(page.locator('.moves .move')).toHaveCount(1);
    // Rules, and a reload lands on the same screen.
    await page.locator('[data-action="rules"]').click();
    await expect.poll(() => hash(page)).toBe('#rules/fortress');
    await page.reload();
    await expect(page.locator('h1')).toContainText('Fortress');
    await expect.poll(() => hash(page)).toBe('#rules/fortress');
    await page.goBack();
    await expect.poll(() => hash(page)).toBe(play);
    await expect(page.locator('.moves .move')).toHaveCount(1);
    // Settings has its own address too.
    await page.locator('[data-action="settings"]').click();
    await expect.poll(() => hash(page)).toBe('#settings');
    await expect(page.locator('[data-setting="confirm-tap"]')).toBeVisible();
    await page.reload();
    await expect(page.locator('[data-setting="confirm-tap"]')).toBeVisible();
  });
}

test('a game opened by a link has the home page behind it, not the page before', async ({ page }) => {
  await page.goto('about:blank');
  const record = { game: 'fortress', setup: { map: 'classic', players: 2 }, moves: ['c3'] };
  await page.goto('./#record=' + encodeURIComponent(JSON.stringify(record)));
  await expect(page.locator('.moves .move')).toHaveCount(1);
  await expect.poll(() => hash(page)).toMatch(/^#play\/\w+$/);
  await page.goBack();
  await expect.poll(() => hash(page)).toBe('#home');
  await expect(page.locator('[data-saved-game]')).toHaveCount(1);
  await page.goForward();
  await expect(page.locator('.moves .move')).toHaveCount(1);
  // A reload of the game's address: the same game, no new step behind it.
  await page.reload();
  await expect(page.locator('.moves .move')).toHaveCount(1);
  await page.goBack();
  await expect.poll(() => hash(page)).toBe('#home');
  // A game deleted meanwhile: its address shows the home page.
  await page.locator('[data-action="delete"]').click();
  await page.locator('[data-action="delete-yes"]').click();
  await expect(page.locator('[data-saved-game]')).toHaveCount(0);
  await page.goForward();
  await expect.poll(() => hash(page)).toBe('#home');
  await expect(page.locator('.home')).toBeVisible();
  await expect(page.locator('.play')).toHaveCount(0);
  // An address that names no screen the app can show lands home, in place.
  await page.goto('./#rules/chess');
  await expect.poll(() => hash(page)).toBe('#home');
  await expect(page.locator('.home')).toBeVisible();
});
