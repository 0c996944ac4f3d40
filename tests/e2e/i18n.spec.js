// English and Ukrainian: the browser's language chooses (uk-UA: Ukrainian), the
// settings change it (kept over a reload), and "as the browser asks" goes back.
const { test, expect } = require('./helpers');

test.describe('a browser that asks for Ukrainian', () => {
  test.use({ locale: 'uk-UA' });
  test('gets the app in Ukrainian', async ({ page }) => {
    await page.goto('./');
    await expect(page.locator('html')).toHaveAttribute('lang', 'uk');
    await expect(page.locator('#games-h')).toHaveText('Ігри');
    await expect(page.locator('[data-card="fortress"] h3')).toHaveText('Фортеця');
    await expect(page.locator('[data-action="new-game"][data-game="fort"]')).toHaveText('Нова гра');
    await expect(page.locator('[data-action="rules"]').first()).toHaveText('Правила');
    await expect(page.locator('[data-action="settings"]')).toHaveText('Налаштування');
  });
});

test('the language is chosen in the settings and kept', async ({ page }) => {
  await page.goto('./');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('#games-h')).toHaveText('Games');
  await page.goto('./#settings');
  await page.locator('[data-setting="lang"]').selectOption('uk');
  await expect(page.locator('#settings-h')).toHaveText('Налаштування');
  await expect(page.locator('[data-setting="sound"] + span')).toContainText('Звук');
  await page.reload();
  await expect(page.locator('#settings-h')).toHaveText('Налаштування');
  await expect(page.locator('html')).toHaveAttribute('lang', 'uk');
  await page.locator('[data-setting="lang"]').selectOption('auto');
  await expect(page.locator('#settings-h')).toHaveText('Settings');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});
