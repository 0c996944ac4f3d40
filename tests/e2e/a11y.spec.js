// Accessibility: axe-core (through @axe-core/playwright) finds no serious or
// critical violation on any screen: home, settings, the benchmark page, and for
// each game its new-game screen, its rules page and its play screen (with the share
// panel open), and a finished game; light at a phone's size, dark at a desktop's,
// and high contrast.
const fs = require('fs');
const path = require('path');
const { AxeBuilder } = require('@axe-core/playwright');
const { test, expect, peopleOnly } = require('./helpers');

const GAMES = ['fortress', 'fort', 'citadel', 'island-wars', 'frontier'];

async function check(page, where) {
  const result = await new AxeBuilder({ page }).analyze();
  const bad = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.id} (${v.impact}): ${v.help} at ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
  expect(bad, `axe on ${where}`).toEqual([]);
}

const FINISHED = fs.readFileSync(path.join(__dirname, 'citadel-19-finished.link'), 'utf8').trim();

async function finished(page) {
  await page.goto('about:blank');
  await page.goto('./' + FINISHED.slice(FINISHED.indexOf('#')));
  await expect(page.locator('[data-game-over]')).toBeVisible();
  await check(page, 'a finished game');
}

for (const [scheme, w, h, size] of [['light', 360, 740, 'phone'], ['dark', 1280, 800, 'desktop']]) {
  test(`no serious accessibility violation on any screen (${scheme}, ${size})`, async ({ page }) => {
    // 23 axe scans, each CPU-bound: a budget for a busy machine (it takes about a
    // minute on a quiet one), not a wait on time.
    test.setTimeout(480_000);
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: w, height: h });
    await page.goto('./');
    await expect(page.locator('[data-action="new-game"]').first()).toBeVisible();
    await check(page, 'home');
    await page.goto('./#settings');
    await expect(page.locator('[data-setting="sound"]')).toBeVisible();
    await check(page, 'settings');
    await page.goto('./#bench');
    await expect(page.locator('h1')).toBeVisible();
    await check(page, 'bench');
    for (const game of GAMES) {
      await page.goto(`./#rules/${game}`);
      await expect(page.locator('article.rules')).toBeVisible();
      await check(page, `rules of ${game}`);
      await page.goto(`./#new/${game}`);
      await expect(page.locator('[data-action="start"]')).toBeVisible();
      await peopleOnly(page);
      await check(page, `new ${game}`);
      await page.locator('[data-action="start"]').click();
      await expect(page.locator('[data-status]')).toBeVisible();
      await check(page, `play ${game}`);
      await page.locator('[data-action="share"]').click();
      await check(page, `share ${game}`);
    }
    await finished(page);
  });
}

test('no serious accessibility violation in high contrast, light and dark', async ({ page }) => {
  test.setTimeout(300_000);
  await page.goto('./#settings');
  await page.locator('[data-setting="high-contrast"]').check();
  await expect(page.locator('html')).toHaveAttribute('data-contrast', 'high');
  for (const scheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('./#settings');
    await expect(page.locator('[data-setting="high-contrast"]')).toBeChecked();
    await check(page, `settings, high contrast, ${scheme}`);
    await page.goto('./#new/fort');
    await peopleOnly(page);
    await page.locator('[data-action="start"]').click();
    await expect(page.locator('[data-status]')).toBeVisible();
    await check(page, `play fort, high contrast, ${scheme}`);
    await finished(page);
  }
  // Off again: the page's own colours.
  await page.goto('./#settings');
  await page.locator('[data-setting="high-contrast"]').uncheck();
  await expect(page.locator('html')).not.toHaveAttribute('data-contrast', 'high');
});

test('no serious accessibility violation on the panels of play by link, and in Ukrainian', async ({ page }) => {
  test.setTimeout(300_000);
  const open = async (record) => {
    await page.goto('about:blank');
    await page.goto('./#record=' + encodeURIComponent(JSON.stringify(record)));
    await expect(page.locator('[data-status]')).toBeVisible();
  };
  // An offer to count from another device, answered here.
  await open({ game: 'fort', moves: ['@e2', '@f7'], names: ['Ann', 'Bo'], seats: ['person', 'remote'], id: 'a11y-offer', offer: { by: 0 } });
  await expect(page.locator('[data-offer="count"]')).toContainText('do you accept');
  await check(page, 'an offer to answer');
  // A game on three devices: which seats are here; after a move, Send the link.
  await open({ game: 'fortress', setup: { players: 3 }, moves: [], names: ['Ann', 'Bo', 'Cy'], seats: ['remote', 'remote', 'remote'], id: 'a11y-three' });
  await expect(page.locator('[data-choose-seats]')).toBeVisible();
  await check(page, 'the seats question');
  await page.locator('[data-action="seats-done"]').click();
  await page.locator('[data-cell="c3"]').click();
  await page.locator('[data-cell="c3"]').click();
  await expect(page.locator('[data-send-move]')).toBeVisible();
  await check(page, 'send the link');
  // Ukrainian.
  await page.goto('./#settings');
  await page.locator('[data-setting="lang"]').selectOption('uk');
  await expect(page.locator('html')).toHaveAttribute('lang', 'uk');
  await check(page, 'settings in Ukrainian');
  await page.goto('./#home');
  await check(page, 'home in Ukrainian');
});

test('six seats are told apart by shape as well as by colour', async ({ page }) => {
  await page.goto('./');
  await page.locator('[data-action="new-game"][data-game="island-wars"]').click();
  await page.locator('[data-players="6"]').click();
  await peopleOnly(page);
  await page.locator('[data-action="start"]').click();
  await expect(page.locator('.seat')).toHaveCount(6);
  const seats = await page.locator('.seat').evaluateAll((els) => els.map((e) => {
    const shape = e.querySelector('.seat-shape');
    const piece = shape.firstElementChild;
    // The shape without its colour: the element drawn and its geometry.
    const form = shape.innerHTML.replace(/(fill|stroke|style)="[^"]*"/g, '');
    return { form, colour: getComputedStyle(piece).fill, label: e.getAttribute('aria-label') };
  }));
  expect(new Set(seats.map((s) => s.form)).size, 'six shapes').toBe(6);
  expect(new Set(seats.map((s) => s.colour)).size, 'six colours').toBe(6);
  // A screen reader hears the shape too.
  expect(seats[0].label).toContain('circle');
  expect(seats[1].label).toContain('square');
});
