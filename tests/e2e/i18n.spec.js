// English and Ukrainian: the browser's language chooses (uk-UA: Ukrainian), the
// settings change it (kept over a reload), and "as the browser asks" goes back.
const { test, expect, peopleOnly } = require('./helpers');

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

test.describe('in Ukrainian', () => {
  test.use({ locale: 'uk-UA' });
  test.beforeEach(async ({ page }) => {
    page.on('pageerror', (e) => { throw e; });
  });

  test('the rules pages, with their diagrams, and Frontier in the seed\'s terms', async ({ page }) => {
    await page.goto('./');
    await page.locator('[data-action="how-to-play"][data-game="fort"]').click();
    await expect(page.locator('article.rules h1')).toHaveText('Форт');
    await expect(page.locator('article.rules h2').first()).toHaveText('Перемога');
    await expect(page.locator('.diagram .board')).toHaveCount(3);
    await expect(page.locator('[data-rules-app] h2')).toHaveText('Здача');
    await page.goto('./');
    await page.locator('[data-action="how-to-play"][data-game="frontier"]').click();
    await expect(page.locator('article.rules h1')).toHaveText('Рубіж');
    await expect(page.locator('article.rules section[lang="uk"]').first()).toContainText('підконтрольна територія');
    await expect(page.locator('.original')).toContainText('Оригінал (українською)');
    await expect(page.locator('.diagram .board')).toHaveCount(2);
  });

  test('a game: the banner, the cells, the buttons and a refusal', async ({ page }) => {
    await page.goto('./');
    await page.locator('[data-action="new-game"][data-game="fortress"]').click();
    await expect(page.locator('h1')).toHaveText('Нова гра: Фортеця');
    await peopleOnly(page);
    // Default names follow the language.
    await expect(page.locator('[data-seat="1"]')).toHaveAttribute('placeholder', 'Синій');
    await page.locator('[data-action="start"]').click();
    await expect(page.locator('[data-status]')).toContainText('Ходить Помаранчевий');
    for (const [name, who] of [['c3', 'Помаранчевий'], ['c4', 'Синій']]) {
      await page.locator(`[data-cell="${name}"]`).click();
      await expect(page.locator('[data-tap-message]')).toContainText(`Торкніться ${name} ще раз`);
      await page.locator(`[data-cell="${name}"]`).click();
      await expect(page.locator(`[data-cell="${name}"]`)).toHaveAttribute('aria-label', new RegExp(`${name}: 1 фішка гравця ${who}`));
    }
    await page.locator('[data-cell="c4"]').click();
    await expect(page.locator('[data-tap-message]')).toHaveText('Ця ділянка (c4): її тримає Синій.');
    await expect(page.locator('[data-action="undo"]')).toContainText('Скасувати');
  });

  test('a reason of the rules, in Ukrainian', async ({ page }) => {
    await page.goto('./');
    await page.locator('[data-action="new-game"][data-game="frontier"]').click();
    await page.locator('[data-mode="2"]').click();
    await page.locator('[data-field="width"]').fill('7');
    await page.locator('[data-field="height"]').fill('5');
    await page.locator('[data-tool="water"]').click();
    await page.locator('[data-cell="c4"]').click();
    await expect(page.locator('[data-cell="c4"]')).toHaveAttribute('aria-label', /водойма/);
    await peopleOnly(page);
    await page.locator('[data-action="start"]').click();
    await page.locator('[data-cell="c4"]').click();
    await expect(page.locator('[data-tap-message]')).toHaveText('Ця ділянка (c4): фортеці будують лише на ділянках суходолу, ніколи на водоймах чи горах.');
  });

  test('the screen shown if the app stops', async ({ page }) => {
    page.removeAllListeners('pageerror');
    await page.goto('./');
    await expect(page.locator('html')).toHaveAttribute('lang', 'uk');
    await page.evaluate(() => setTimeout(() => window.wasmBindings.test_panic()));
    const screen = page.locator('[data-recovery-screen]');
    await expect(screen.getByRole('heading')).toHaveText('Holdfast зупинився');
    await expect(screen.locator('[data-recovery="reload"]')).toHaveText('Перезавантажити');
    await expect(screen.locator('summary')).toHaveText('Що сталося');
  });
});
