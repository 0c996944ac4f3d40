// The maps (#maps, loaded on demand): the gallery of shipped maps with how fair
// each measured, the editor (paint, undo and redo, symmetry, checks, saved at every
// change), a game started on a map drawn here, and a map sent by link.
const { test, expect, peopleOnly } = require('./helpers');

test.beforeEach(async ({ page }) => {
  page.on('pageerror', (e) => { throw e; });
});

const label = (page, cell) => page.locator(`[data-map-editor] [data-cell="${cell}"]`).getAttribute('aria-label');
const chip = (page, kind, value) => page.locator(`[data-kind="${kind}"][data-value="${value}"]`);

test('draw an Island Wars map, reload it, and play a game on it', async ({ page }) => {
  await page.goto('./');
  await page.locator('[data-action="maps"]').click();
  await expect(page).toHaveURL(/#maps$/);
  // The shipped maps say how fair they measured.
  await expect(page.locator('[data-map-name="Twin Isles (2)"] [data-fairness]')).toContainText('Unbalanced');
  await expect(page.locator('[data-map-name^="Classic 6x6 \u00b7 2"] [data-fairness]')).toContainText('Fair');
  await expect(page.locator('[data-my-maps]')).toContainText('None yet');

  await page.locator('[data-action="new-map-island-wars"]').click();
  await expect(page).toHaveURL(/#maps\/edit\/m1$/);
  await expect(page.locator('[data-map-checks]')).toHaveAttribute('data-map-checks', 'ok');
  // Water is the first brush: a tap paints, Undo takes it back, Redo again.
  await expect(chip(page, 'brush', 'water')).toHaveAttribute('aria-pressed', 'true');
  await page.locator('[data-map-editor] [data-cell="d4"]').click();
  await expect(page.locator('[data-map-editor] [data-cell="d4"]')).toHaveAttribute('aria-label', 'd4: Water');
  await page.locator('[data-action="map-undo"]').click();
  await expect(page.locator('[data-map-editor] [data-cell="d4"]')).toHaveAttribute('aria-label', 'd4: Neutral land');
  await page.locator('[data-action="map-redo"]').click();
  await expect(page.locator('[data-map-editor] [data-cell="d4"]')).toHaveAttribute('aria-label', 'd4: Water');
  await expect(page.locator('[data-action="map-redo"]')).toBeDisabled();
  // A half turn paints the partner cell too (10 x 8: a1 and h10).
  await chip(page, 'symmetry', 'turn').click();
  await expect(chip(page, 'symmetry', 'turn')).toHaveAttribute('aria-pressed', 'true');
  await page.locator('[data-map-editor] [data-cell="a1"]').click();
  await expect(page.locator('[data-map-editor] [data-cell="h10"]')).toHaveAttribute('aria-label', 'h10: Water');
  await expect(page.locator('[data-map-editor] [data-cell="a1"]')).toHaveAttribute('aria-label', 'a1: Water');
  // A third seat with no colour: the checks say so, and Play waits.
  await chip(page, 'players', '3').click();
  await expect(page.locator('[data-map-checks="error"]')).toContainText('Pale Green has nowhere to start');
  await expect(page.locator('[data-map-editor] [data-action="map-play"]')).toBeDisabled();
  await chip(page, 'symmetry', 'off').click();
  await chip(page, 'brush', 'start-2').click();
  await expect(chip(page, 'brush', 'start-2')).toHaveAttribute('aria-pressed', 'true');
  await page.locator('[data-map-editor] [data-cell="e5"]').click();
  await expect(page.locator('[data-map-editor] [data-cell="e5"]')).toHaveAttribute('aria-label', 'e5: Pale Green land');
  await expect(page.locator('[data-map-checks="ok"]')).toBeVisible();
  await page.locator('[data-field="map-name"]').fill('Test isles');
  await page.locator('[data-field="map-name"]').press('Tab');

  // Saved at every change: a reload draws the same map.
  await page.reload();
  await expect(page.locator('[data-field="map-name"]')).toHaveValue('Test isles');
  await expect(page.locator('[data-map-editor] [data-cell="h10"]')).toHaveAttribute('aria-label', 'h10: Water');
  await expect(page.locator('[data-map-editor] [data-cell="e5"]')).toHaveAttribute('aria-label', 'e5: Pale Green land');

  // The gallery lists it; Play opens the new-game screen set up with it.
  await page.locator('[data-action="all-maps"]').click();
  const card = page.locator('[data-my-maps] [data-map-name="Test isles"]');
  await expect(card).toBeVisible();
  await card.locator('[data-action="map-play"]').click();
  await expect(page).toHaveURL(/#new\/island-wars\/./);
  await expect(page.locator('[data-map="own"]')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('[data-players="3"]')).toHaveAttribute('aria-pressed', 'true');
  // The address carries the map: a reload comes back to it.
  await page.reload();
  await expect(page.locator('[data-map="own"]')).toHaveAttribute('aria-pressed', 'true');
  await peopleOnly(page);
  await page.locator('[data-action="start"]').click();
  await expect(page.locator('[data-status]')).toContainText('Round 1 of 12');
  // The game is on the map drawn: 80 hexes, a1 water, e5 Pale Green's.
  await expect(page.locator('.play [data-cell]')).toHaveCount(80);
  await expect(page.locator('.play [data-cell="e5"]')).toHaveAttribute('aria-label', /Pale Green/);
  // A first move, by tapping.
  await page.locator('[data-kind="barracks"]').click();
  await page.locator('[data-cell="b2"]').click();
  await page.locator('[data-cell="b2"]').click();
  await expect(page.locator('.moves .move')).toHaveCount(1);
  await expect(page.locator('.moves .move').first()).toContainText('B:b2');
});

test('a map travels by link, and a broken one is said to be broken', async ({ page, context }) => {
  await page.goto('./#maps');
  await page.locator('[data-map-name="Twin Isles (2)"] [data-action="map-copy"]').click();
  await expect(page.locator('[data-field="map-name"]')).toHaveValue('Twin Isles (2) (copy)');
  await page.locator('[data-map-editor] [data-action="map-link"]').click();
  await expect(page.locator('[data-map-said]')).toContainText('was copied');
  const said = await page.locator('[data-map-said]').textContent();
  const url = said.slice(said.indexOf('http'));
  expect(url).toContain('#maps/add/');

  // Another browser (its own storage) opens the link: the map joins its maps once.
  const other = await context.browser().newContext();
  const friend = await other.newPage();
  friend.on('pageerror', (e) => { throw e; });
  await friend.goto(url);
  await expect(friend.locator('[data-map-said]')).toContainText('was added to your maps');
  await expect(friend).toHaveURL(/#maps$/);
  await expect(friend.locator('[data-my-maps] [data-map-name="Twin Isles (2) (copy)"]')).toBeVisible();
  await friend.goto(url);
  await expect(friend.locator('[data-map-said]')).toContainText('is in your maps already');
  await expect(friend.locator('[data-my-maps] [data-map]')).toHaveCount(1);
  // The map's file, downloaded here and read in there: the same map, once more
  // (it is in the friend's maps already).
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.locator('[data-map-editor] [data-action="map-file"]').click(),
  ]);
  expect(download.suggestedFilename()).toBe('Twin-Isles--2---copy.map.json');
  const text = require('fs').readFileSync(await download.path(), 'utf8');
  expect(JSON.parse(text).kind).toBe('holdfast-map');
  await friend.locator('[data-map-text]').fill(text);
  await friend.locator('[data-action="map-import"]').click();
  await expect(friend.locator('[data-map-said]')).toContainText('is in your maps already');
  // Pasted text that is no map.
  await friend.locator('[data-map-text]').fill('not a map at all');
  await friend.locator('[data-action="map-import"]').click();
  await expect(friend.locator('[data-map-said]')).toContainText("That is not a map's file or link");
  await other.close();
});

test('a Frontier map checks its cities, and a map deleted is gone', async ({ page }) => {
  await page.goto('./#maps');
  await page.locator('[data-action="new-map-frontier"]').click();
  await expect(page.locator('[data-map-checks="ok"]')).toBeVisible();
  // Mode 1 has no terrain brushes; mode 2 has.
  await expect(chip(page, 'brush', 'mountain')).toHaveCount(0);
  await chip(page, 'mode', '2').click();
  await expect(chip(page, 'brush', 'mountain')).toBeVisible();
  // Orange's city next to Blue's: too near.
  await chip(page, 'brush', 'start-0').click();
  await page.locator('[data-map-editor] [data-cell="e9"]').click();
  await expect(page.locator('[data-map-editor] [data-cell="e9"]')).toHaveAttribute('aria-label', "e9: Orange's city");
  await expect(page.locator('[data-map-checks="error"]')).toContainText('The cities must be at least 3 cells apart.');
  await expect(page.locator('[data-map-editor] [data-action="map-play"]')).toBeDisabled();
  await page.locator('[data-action="map-undo"]').click();
  await expect(page.locator('[data-map-checks="ok"]')).toBeVisible();
  // Its fairness, measured in the worker game by game: figures for each seat,
  // then Stop.
  await page.locator('[data-action="map-measure"]').click();
  await expect(page.locator('[data-fairness-games]')).toHaveAttribute('data-fairness-games', /^[1-9]/, { timeout: 45_000 });
  await expect(page.locator('[data-fairness-seat]')).toHaveCount(2);
  await expect(page.locator('[data-fairness-seat="0"]')).toContainText('95% interval');
  await page.locator('[data-action="map-measure-stop"]').click();
  await expect(page.locator('[data-action="map-measure"]')).toBeVisible();

  await page.locator('[data-action="all-maps"]').click();
  page.once('dialog', (d) => d.accept());
  await page.locator('[data-my-maps] [data-action="map-delete"]').click();
  await expect(page.locator('[data-map-said]')).toContainText('was deleted');
  await expect(page.locator('[data-my-maps]')).toContainText('None yet');
});

test('draw a Fortress map of regions: merge, a new sea area, and a game on it', async ({ page }) => {
  await page.goto('./#maps');
  await page.locator('[data-action="new-map-fortress"]').click();
  await expect(page.locator('[data-map-checks="ok"]')).toBeVisible();
  const editor = page.locator('[data-map-editor]');
  await expect(editor.locator('[data-kind="area"]')).toHaveCount(37); // 36 squares and "No tile"
  // Paint b6 into a6: the two squares are one area.
  await editor.locator('[data-kind="area"][data-value="a6"]').click();
  await expect(editor.locator('[data-area-panel="a6"]')).toBeVisible();
  await editor.locator('[data-cell="b6"]').click();
  await expect(editor.locator('[data-cell="b6"]')).toHaveAttribute('aria-label', /^b6: a6, Land/);
  await expect(editor.locator('[data-kind="area"]')).toHaveCount(36);
  // A new area, made sea, over c6 and d6.
  await editor.locator('[data-action="map-new-area"]').click();
  await expect(editor.locator('[data-area-panel]')).toContainText('New area');
  await editor.locator('[data-kind="terrain"][data-value="sea"]').click();
  await editor.locator('[data-cell="c6"]').click();
  await editor.locator('[data-cell="d6"]').click();
  await expect(editor.locator('[data-cell="d6"]')).toHaveAttribute('aria-label', /Sea, value 0, holds 1/);
  await expect(page.locator('[data-map-checks="ok"]')).toBeVisible();
  // A tile taken off that cuts f6 off from the rest: the checks say why, Play waits.
  await editor.locator('[data-kind="area"][data-value="none"]').click();
  await editor.locator('[data-cell="e6"]').click();
  await editor.locator('[data-cell="f5"]').click();
  await expect(page.locator('[data-map-checks="error"]')).toContainText('not all connected');
  await expect(editor.locator('[data-action="map-play"]')).toBeDisabled();
  await page.locator('[data-action="map-undo"]').click();
  await page.locator('[data-action="map-undo"]').click();
  await expect(page.locator('[data-map-checks="ok"]')).toBeVisible();
  await page.locator('[data-field="map-name"]').fill('Bay');
  await page.locator('[data-field="map-name"]').press('Tab');

  // A reload keeps it; Play starts a Fortress game on it.
  await page.reload();
  await expect(page.locator('[data-map-editor] [data-cell="d6"]')).toHaveAttribute('aria-label', /Sea/);
  await page.locator('[data-map-editor] [data-action="map-play"]').click();
  await expect(page).toHaveURL(/#new\/fortress/);
  await expect(page.locator('[data-field="map"]')).toHaveValue('custom');
  await peopleOnly(page);
  await page.locator('[data-action="start"]').click();
  // 34 areas: a6 and b6 one, c6 and d6 one.
  await expect(page.locator('.play [data-cell]')).toHaveCount(34);
  await page.locator('.play [data-cell="a6"]').click();
  await page.locator('.play [data-cell="a6"]').click();
  await expect(page.locator('.moves .move')).toHaveCount(1);
});

test('a Fortress map on hex tiles: the Hexagon copied, merged across a slanted edge, and played', async ({ page }) => {
  await page.goto('./#maps');
  await page.locator('[data-shipped="fortress"] [data-map-name="Hexagon · 2 players"] [data-action="map-copy"]').click();
  const editor = page.locator('[data-map-editor]');
  await expect(page.locator('[data-map-checks="ok"]')).toBeVisible();
  await expect(chip(page, 'tiles', 'hex')).toHaveAttribute('aria-pressed', 'true');
  await expect(editor.locator('[data-kind="area"]')).toHaveCount(38); // 37 hexes and "No tile"
  // The hexagon's first row starts two tiles in (a hex, not a square, board).
  expect(await label(page, 'a3')).toMatch(/^a3: a1, Land/);
  // Row b's first hex lies below and left of row a's first: paint it into a1.
  await editor.locator('[data-kind="area"][data-value="a1"]').click();
  await editor.locator('[data-cell="b2"]').click();
  expect(await label(page, 'b2')).toMatch(/^b2: a1, Land/);
  await expect(page.locator('[data-map-checks="ok"]')).toBeVisible();
  // On squares the two tiles touch at a corner only: a1 is in two pieces.
  await chip(page, 'tiles', 'square').click();
  await expect(page.locator('[data-map-checks="error"]')).toContainText('more than one piece');
  await page.locator('[data-action="map-undo"]').click();
  await expect(page.locator('[data-map-checks="ok"]')).toBeVisible();
  // A game on it: 36 areas, the merged one taken with one tap.
  await editor.locator('[data-action="map-play"]').click();
  await expect(page).toHaveURL(/#new\/fortress/);
  await peopleOnly(page);
  await page.locator('[data-action="start"]').click();
  await expect(page.locator('.play [data-cell]')).toHaveCount(36);
  await page.locator('.play [data-cell="a1"]').click();
  await page.locator('.play [data-cell="a1"]').click();
  await expect(page.locator('.moves .move')).toHaveCount(1);
});

test('the new-game screens say how fair the map chosen measured', async ({ page }) => {
  await page.goto('./#new/fortress');
  await expect(page.locator('[data-fairness]')).toContainText('Fair: each seat');
  await page.locator('[data-field="map"]').selectOption('square-8');
  await expect(page.locator('[data-fairness]')).toContainText('Unbalanced');
  await expect(page.locator('[data-fairness]')).toContainText('64%');
  // Fortress's generated maps: half-turn symmetric, from a number that measured fair.
  await page.locator('[data-field="map"]').selectOption('generated');
  expect(['9', '11', '31', '40', '42', '44']).toContain(await page.locator('[data-field="seed"]').inputValue());
  await expect(page.locator('.new-game')).toContainText('20 regions, the same after a half turn, 11 moves each.');
  await expect(page.locator('[data-fairness]')).toContainText('measured fair');
  await page.locator('[data-field="seed"]').fill('3');
  await expect(page.locator('[data-fairness]')).toContainText('Not one of the numbers measured fair in advance: 9, 11, 31, 40, 42, 44.');
  await page.goto('./#new/island-wars');
  await page.locator('[data-players="2"]').click();
  await expect(page.locator('[data-fairness]')).toContainText('21%');
  // A generated map: one of the numbers that measured fair.
  await page.locator('[data-map="generated"]').click();
  await expect(page.locator('[data-fairness]')).toContainText('measured fair');
  expect(['2', '8', '10', '28', '54']).toContain(await page.locator('[data-field="seed"]').inputValue());
  await page.locator('[data-field="seed"]').fill('3');
  await expect(page.locator('[data-fairness]')).toContainText('Not one of the numbers measured fair in advance: 2, 8, 10, 28, 54.');
  // Four players: the one fair map found has 35% land (a fresh form).
  await page.goto('./#home');
  await page.goto('./#new/island-wars');
  await expect(page.locator('[data-map="shipped"]')).toHaveAttribute('aria-pressed', 'true');
  await page.locator('[data-players="4"]').click();
  await page.locator('[data-map="generated"]').click();
  await expect(page.locator('[data-field="seed"]')).toHaveValue('139');
  await expect(page.locator('[data-fairness]')).toContainText('measured fair');
});

test('a search for a fair generated map tries numbers in the worker and can be stopped', async ({ page }) => {
  await page.goto('./#maps');
  const find = page.locator('[data-map-find]');
  // Six players: no generated map of the usual size has even passed the screen
  // (README), so the search keeps going until stopped.
  await find.locator('[data-kind="find-players"][data-value="6"]').click();
  await expect(find.locator('[data-field="find-width"]')).toHaveValue('17');
  // A number out of range is searched with, and shown, clamped.
  await find.locator('[data-field="find-land"]').fill('95');
  await find.locator('[data-field="find-land"]').press('Tab');
  await expect(find.locator('[data-field="find-land"]')).toHaveValue('80');
  await find.locator('[data-field="find-land"]').fill('45');
  await find.locator('[data-field="find-land"]').press('Tab');
  await find.locator('[data-action="find-fair"]').click();
  // Each number dropped is said (after its 50 games of level 2).
  await expect(find.locator('[data-find-tried]')).toHaveAttribute('data-find-tried', /^[1-9]/, { timeout: 45_000 });
  await expect(find.locator('[data-find-tried]')).toContainText('after');
  await find.locator('[data-action="find-stop"]').click();
  await expect(find.locator('[data-action="find-fair"]')).toBeVisible();
});

test('a fair Fortress map is found on a small field, drawn half-turn symmetric, and played', async ({ page }) => {
  await page.goto('./#maps');
  const find = page.locator('[data-map-find]');
  await find.locator('[data-kind="find-game"][data-value="fortress"]').click();
  await expect(find.locator('[data-field="find-width"]')).toHaveValue('14');
  await expect(find.locator('[data-field="find-land"]')).toHaveValue('85');
  await expect(find.locator('[data-kind="find-players"]')).toHaveCount(3); // 2 to 4
  // The smallest field, all land: four areas, about one number in five fair.
  for (const [field, v] of [['find-width', '6'], ['find-height', '4'], ['find-land', '100']]) {
    await find.locator(`[data-field="${field}"]`).fill(v);
    await find.locator(`[data-field="${field}"]`).press('Tab');
  }
  await find.locator('[data-action="find-fair"]').click();
  const found = find.locator('[data-found]');
  await expect(found).toBeVisible({ timeout: 45_000 });
  await expect(found).toContainText('6x4, 100% land');
  await found.locator('[data-action="found-play"]').click();
  await expect(page).toHaveURL(/#new\/fortress/);
  await expect(page.locator('[data-field="map"]')).toHaveValue('generated');
  // (Its own field: the fairness line points to the search, not to the usual numbers.)
  await expect(page.locator('[data-fairness]')).toContainText('Find a fair map finds fair ones');
  await peopleOnly(page);
  await page.locator('[data-action="start"]').click();
  await expect(page.locator('.play [data-cell]')).toHaveCount(4);
});

