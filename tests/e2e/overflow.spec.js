// No screen scrolls sideways on a 360 px phone: home (with a six-player save),
// every game's new-game screen, play screen and rules page, settings and the
// benchmark page, each reached by its address; in English and in Ukrainian (whose
// words run longer).
const { test, expect, peopleOnly } = require('./helpers');

const GAMES = ['fortress', 'fort', 'citadel', 'island-wars', 'frontier'];

async function noSidewaysScroll(page, what) {
  await page.waitForTimeout(100);
  const [scroll, width] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(scroll, `${what}: ${scroll} px wide in a ${width} px window`).toBeLessThanOrEqual(width);
}

for (const lang of ['en', 'uk']) test(`no screen is wider than a 360 px phone (${lang})`, async ({ page }) => {
  test.setTimeout(120_000);
  await page.addInitScript((l) => {
    const s = JSON.parse(localStorage.getItem('holdfast.settings') || '{}');
    s.lang = l;
    localStorage.setItem('holdfast.settings', JSON.stringify(s));
  }, lang);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('./');
  // A six-player Island Wars game, started and saved, for the home page's list.
  await page.locator('[data-action="new-game"][data-game="island-wars"]').click();
  await page.locator('[data-players="6"]').click();
  await peopleOnly(page);
  await page.locator('[data-action="start"]').click();
  await expect(page.locator('[data-status]')).toBeVisible();
  await noSidewaysScroll(page, 'island wars, six players, play');
  for (const game of GAMES) {
    await page.goto(`./#new/${game}`);
    await expect(page.locator('[data-action="start"]')).toBeVisible();
    await noSidewaysScroll(page, `${game}, new game`);
    await peopleOnly(page);
    await page.locator('[data-action="start"]').click();
    await expect(page.locator('[data-status]')).toBeVisible();
    await noSidewaysScroll(page, `${game}, play`);
    await page.goto(`./#rules/${game}`);
    await expect(page.locator('h1')).toBeVisible();
    await noSidewaysScroll(page, `${game}, rules`);
  }
  await page.goto('./#home');
  // The latest three, so the games' cards stay near the top; the rest on request.
  await expect(page.locator('[data-saved-game]')).toHaveCount(3);
  await expect(page.locator('[data-card]').first()).toBeInViewport();
  await page.locator('[data-action="all-saves"]').click();
  await expect(page.locator('[data-saved-game]')).toHaveCount(6);
  await noSidewaysScroll(page, 'home, six saved games');
  await page.locator('[data-action="delete"]').first().click();
  await noSidewaysScroll(page, 'home, asking to delete');
  await page.goto('./#settings');
  await expect(page.locator('[data-setting="confirm-tap"]')).toBeVisible();
  await noSidewaysScroll(page, 'settings');
  await page.goto('./#bench');
  await expect(page.locator('[data-action="run-bench"]')).toBeVisible();
  await noSidewaysScroll(page, 'benchmark');
});
