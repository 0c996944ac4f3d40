// Fortress's 1983 roster: a short 1983 game against the Squire changes its record on
// the roster screen, which a reload keeps; a copy is made, read back from its own
// file, and removed; the siege warning's marks go off and on.
const { test, expect, quickComputer, peopleOnly } = require('./helpers');

test.beforeEach(async ({ page }) => {
  page.on('pageerror', (e) => { throw e; });
  await quickComputer(page);
});

const squire = (page) => page.locator('[data-opponent="squire"]');

test('a 1983 game against the Squire counts on the roster, and a reload keeps it', async ({ page }) => {
  await page.goto('./#roster');
  await expect(page.locator('.roster-entry')).toHaveCount(5);
  await expect(squire(page).locator('[data-record]')).toHaveText('No games yet.');
  // Play: a new 1983 game against it, one move each.
  await squire(page).locator('[data-action="play-against"]').click();
  await expect(page.locator('[data-seat-player="1"]')).toHaveValue('squire');
  await page.locator('details.options summary').click();
  await expect(page.locator('[data-field="rules-1983"]')).toBeChecked();
  await page.locator('[data-field="moves-each"]').fill('1');
  await page.locator('[data-action="start"]').click();
  await expect(page.locator('.seat[data-seat="1"] .seat-computer')).toContainText('The Squire');
  // The siege warning, on by default, goes off and on.
  const warning = page.locator('[data-setting="siege-warning"]');
  await expect(warning).toBeChecked();
  await warning.uncheck();
  await expect(warning).not.toBeChecked();
  await warning.check();
  await page.locator('[data-cell="c3"]').click();
  await page.locator('[data-cell="c3"]').click();
  await expect(page.locator('[data-game-over]')).toBeVisible();
  // The roster heard it.
  await page.locator('button.brand').click();
  await page.locator('a[data-action="roster"]').first().click();
  await expect(squire(page).locator('[data-record]')).toContainText(/^1 game: [01] won, [01] drawn, [01] lost\.$/);
  await expect(squire(page).locator('.roster-history li')).toHaveCount(1);
  const record = await squire(page).locator('[data-record]').textContent();
  await page.reload();
  await expect(squire(page).locator('[data-record]')).toHaveText(record);
  // The others played nothing.
  await expect(page.locator('[data-opponent="vauban"] [data-record]')).toHaveText('No games yet.');
});

test('a copy of an opponent is made, sent as a file, read back in, and removed', async ({ page }) => {
  await page.goto('./#roster');
  await page.locator('[data-field="copy-of"]').selectOption('vauban');
  await page.locator('[data-field="copy-name"]').fill('Sébastien');
  await page.locator('[data-action="copy"]').click();
  const copy = page.locator('[data-opponent="vauban@1"]');
  await expect(copy.locator('h3')).toHaveText('Sébastien');
  await expect(page.locator('[data-roster-said]')).toContainText('Sébastien joined the roster.');
  // Its file, downloaded and read in again: a second copy.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    copy.locator('[data-action="export"]').click(),
  ]);
  const path = await download.path();
  await page.locator('[data-roster-file]').setInputFiles(path);
  await expect(page.locator('[data-opponent="vauban@2"] h3')).toHaveText('Sébastien');
  // A bad paste is refused in words, and nothing joins.
  await page.locator('[data-roster-text]').fill('not an opponent');
  await page.locator('[data-action="roster-import"]').click();
  await expect(page.locator('[data-roster-said]')).toContainText("That is not an opponent's file or link.");
  await expect(page.locator('.roster-entry')).toHaveCount(7);
  // A copy can be removed; the five cannot.
  await expect(page.locator('[data-opponent="vauban"] [data-action="remove"]')).toHaveCount(0);
  await copy.locator('[data-action="remove"]').click();
  await expect(page.locator('.roster-entry')).toHaveCount(6);
  await page.reload();
  await expect(page.locator('.roster-entry')).toHaveCount(6);
});

test('the siege warning marks areas under equal pressure, off and on, under the 1983 rules only', async ({ page }) => {
  const marks = page.locator('.contested-mark');
  const newGame = async (rules1983) => {
    await page.goto('./#new/fortress');
    await peopleOnly(page);
    await page.locator('details.options summary').click();
    const box = page.locator('[data-field="rules-1983"]');
    if (rules1983) await box.check(); else await box.uncheck();
    await page.locator('[data-action="start"]').click();
    // Orange c3, Blue e3: the empty d3 between them is under equal pressure.
    for (const cell of ['c3', 'e3']) {
      await page.locator(`[data-cell="${cell}"]`).click();
      await page.locator(`[data-cell="${cell}"]`).click();
    }
    await expect(page.locator('.moves .move')).toHaveCount(2);
  };
  await newGame(true);
  await expect(marks.first()).toBeVisible();
  const warning = page.locator('[data-setting="siege-warning"]');
  await warning.uncheck();
  await expect(marks).toHaveCount(0);
  await warning.check();
  await expect(marks.first()).toBeVisible();
  // Off, it stays off for the next 1983 game, and the seed rules' marks are not its.
  await warning.uncheck();
  await newGame(false);
  await expect(page.locator('[data-setting="siege-warning"]')).toHaveCount(0);
  await expect(marks.first()).toBeVisible();
});
