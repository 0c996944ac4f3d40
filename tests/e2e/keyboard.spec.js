// The keyboard: the board is one stop in the Tab order; the arrow keys walk its
// cells in the board's own geometry (square and hex); Enter plays; Escape lets go
// of a selection; Ctrl+Z and Ctrl+Y (or Ctrl+Shift+Z) undo and redo.
const { test, expect, peopleOnly } = require('./helpers');

// A keyboard player reaches a cell with Tab; here the cell is focused directly,
// after a key press (as Tab would be), so that the browser counts the focus as the
// keyboard's (a cell a click focused leaves the arrows to the move list).
async function keyTo(page, selector) {
  await page.keyboard.press('Shift');
  await page.locator(selector).focus();
}

const focused = (page) => page.evaluate(() => document.activeElement && document.activeElement.getAttribute('data-cell'));

async function start(page, game) {
  await page.goto('./#home');
  await page.locator(`[data-action="new-game"][data-game="${game}"]`).click();
  await peopleOnly(page);
  await page.locator('[data-action="start"]').click();
}

test('a square board by the keyboard: one Tab stop, arrows, Enter, undo and redo', async ({ page }) => {
  await start(page, 'fortress');
  await expect(page.locator('.board [data-cell][tabindex="0"]')).toHaveCount(1);
  await keyTo(page, '[data-cell="c3"]');
  const first = await focused(page);
  await page.keyboard.press('ArrowRight');
  const right = await focused(page);
  expect(right).not.toBe(first);
  expect(right.slice(1)).toBe(first.slice(1));
  expect(right.charCodeAt(0)).toBe(first.charCodeAt(0) + 1);
  await page.keyboard.press('ArrowDown');
  const down = await focused(page);
  // The Tab stop follows the cursor: Tab out and Shift+Tab back return to it.
  await expect(page.locator('.board [data-cell][tabindex="0"]')).toHaveCount(1);
  await expect(page.locator(`[data-cell="${down}"]`)).toHaveAttribute('tabindex', '0');
  await page.keyboard.press('Tab');
  expect(await focused(page)).not.toBe(down);
  await page.keyboard.press('Shift+Tab');
  expect(await focused(page)).toBe(down);
  expect(down[0]).toBe(right[0]);
  expect(Number(down.slice(1))).toBe(Number(right.slice(1)) - 1);
  // Enter plays at once (a key is deliberate: no confirming second press).
  await page.keyboard.press('Enter');
  await expect(page.locator(`[data-cell="${down}"]`)).not.toHaveAttribute('aria-label', new RegExp(`^${down}: empty`));
  await expect(page.locator('.moves .move')).toHaveCount(1);
  // A screen reader hears the move and the scores.
  await expect(page.locator('[data-announce]')).toContainText(new RegExp(`played ${down}[.:].* Scores:`));
  await page.keyboard.press('Control+z');
  await expect(page.locator('.moves .move')).toHaveCount(0);
  await page.keyboard.press('Control+y');
  await expect(page.locator('.moves .move')).toHaveCount(1);
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Control+Shift+Z');
  await expect(page.locator('.moves .move')).toHaveCount(1);
});

test('a hex board by the keyboard: arrows along the hexes, Escape lets go of a dot', async ({ page }) => {
  await start(page, 'fort');
  // Fort's first spawn, then Blue's, by keys: e2 is beside Orange's fort on e1.
  await keyTo(page, '[data-cell="e1"]');
  await page.keyboard.press('ArrowRight');
  expect(await focused(page)).toBe('e2');
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-status]')).toContainText('Blue');
  await keyTo(page, '[data-cell="e8"]');
  await page.keyboard.press('ArrowLeft');
  expect(await focused(page)).toBe('e7');
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-status]')).toContainText('Orange');
  // Up and down go to the rows above and below.
  await keyTo(page, '[data-cell="e2"]');
  await page.keyboard.press('ArrowUp');
  expect((await focused(page))[0]).toBe('d');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  expect((await focused(page))[0]).toBe('f');
  // Select the dot on e2, then let go of it.
  await keyTo(page, '[data-cell="e2"]');
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-cell="e2"]')).toHaveAttribute('aria-label', /selected/);
  await page.keyboard.press('Escape');
  await expect(page.locator('[data-cell="e2"]')).not.toHaveAttribute('aria-label', /selected/);
});

test("Citadel by the keyboard: a warrior chosen on the points, a wall built on the squares' own Tab stop", async ({ page }) => {
  // The finished 19x19 game's first 18 entries: the citadels placed and drafted, a
  // turn each played; the player to move (Bo) has a warrior on c13.
  const fs = require('fs');
  const path = require('path');
  const record = JSON.parse(fs.readFileSync(path.join(__dirname, '../../crates/holdfast-rules/tests/data/citadel-19-finished.json'), 'utf8'));
  record.moves = record.moves.slice(0, 18);
  record.seats = ['person', 'person'];
  delete record.id;
  await page.goto('./#record=' + encodeURIComponent(JSON.stringify(record)));
  await expect(page.locator('[data-status]')).toBeVisible();
  await keyTo(page, '[data-cell="c13"]');
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-cell="c13"]')).toHaveAttribute('aria-label', /selected/);
  // The squares' stop is a square a wall can go on; the arrows keep to squares.
  const square = page.locator('.board [data-face][tabindex="0"]');
  await expect(square).toHaveCount(1);
  await page.keyboard.press('Shift');
  await square.focus();
  await page.keyboard.press('ArrowRight');
  expect(await page.evaluate(() => document.activeElement.hasAttribute('data-face'))).toBe(true);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  await expect(page.locator('.moves .move.open')).toContainText('W:');
});

test('Island Wars and Frontier by the keyboard: a piece from the hand, a fort, each on the board\'s Tab stop', async ({ page }) => {
  await start(page, 'island-wars');
  // The hand's button by the keyboard, then the board's stop: a hex the piece can go on.
  await page.keyboard.press('Shift');
  await page.locator('[data-kind="barracks"]').focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-kind="barracks"]')).toHaveAttribute('aria-pressed', 'true');
  const stop = page.locator('.board [data-cell][tabindex="0"]');
  await expect(stop).toHaveAttribute('aria-label', /you can place here/);
  const hex = await stop.getAttribute('data-cell');
  await keyTo(page, `[data-cell="${hex}"]`);
  await page.keyboard.press('Enter');
  await expect(page.locator(`[data-cell="${hex}"]`)).toHaveAttribute('aria-label', /'s barracks/);
  await expect(page.locator('.moves .move')).toHaveCount(1);

  await start(page, 'frontier');
  const spot = await page.locator('.board [data-cell][tabindex="0"]').getAttribute('data-cell');
  await keyTo(page, `[data-cell="${spot}"]`);
  await page.keyboard.press('Enter');
  await expect(page.locator('.moves .move')).toHaveCount(1);
  await expect(page.locator('.moves .move').first()).toContainText(spot);
});

test('Tab alone reaches the board from the top of the page, and the focused cell is ringed', async ({ page }) => {
  await start(page, 'fortress');
  await expect(page.locator('[data-status]')).toBeVisible();
  await page.locator('body').click({ position: { x: 2, y: 2 } });
  let presses = 0;
  while (!(await focused(page)) && presses < 30) {
    await page.keyboard.press('Tab');
    presses += 1;
  }
  const cell = await focused(page);
  expect(cell, 'a cell is reached by Tab').toBeTruthy();
  // The ring: the focused cell's outline takes the focus colour, which no other
  // cell has.
  const strokes = await page.evaluate(() => {
    const line = (c) => getComputedStyle(c.querySelector('.cell-line')).stroke;
    const cells = [...document.querySelectorAll('.board [data-cell]')];
    const mine = line(document.activeElement);
    return { mine, same: cells.filter((c) => line(c) === mine).length };
  });
  expect(strokes.same).toBe(1);
  // Enter plays there at once.
  await page.keyboard.press('Enter');
  await expect(page.locator('.moves .move')).toHaveCount(1);
  await expect(page.locator(`[data-cell="${cell}"]`)).toHaveAttribute('aria-label', new RegExp(`^${cell}: 1 Orange piece`));
});
