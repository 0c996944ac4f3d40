// Large boards on a phone: a 19x19 Citadel board zooms with the wheel (a trackpad's
// pinch comes as the wheel with Ctrl) or the buttons, shows an overview while
// zoomed, and a zoomed cell is a finger's size and takes taps; coordinates run
// along the edges of square boards.
const { test, expect } = require('./helpers');

test('a 19x19 board zooms, shows where it is, and a zoomed cell takes a tap', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const record = { game: 'citadel', setup: { size: 19 }, moves: [] };
  await page.goto('./#record=' + encodeURIComponent(JSON.stringify(record)));
  const board = page.locator('.play svg.board');
  await expect(board).toBeVisible();
  // Coordinates along the edges: 19 letters and 19 numbers.
  await expect(board.locator('.coordinates text')).toHaveCount(38);
  await expect(board.locator('.coordinates text', { hasText: /^s$/ })).toHaveCount(1);
  const j10 = page.locator('[data-cell="j10"]');
  const before = await j10.boundingBox();
  expect(before.width).toBeLessThan(32);
  await expect(page.locator('[data-overview]')).toHaveCount(0);
  // Ctrl and the wheel over the board's centre zoom in about it.
  const box = await board.boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.keyboard.down('Control');
  for (let i = 0; i < 4; i++) await page.mouse.wheel(0, -150);
  await page.keyboard.up('Control');
  await expect(page.locator('[data-overview]')).toBeVisible();
  await expect.poll(async () => (await j10.boundingBox()).width).toBeGreaterThan(32);
  // Zoomed, the coordinates of the rows and columns in view stay on the window's
  // edges (the others are not drawn), so the board still says where it is.
  const labels = board.locator('.coordinates text');
  const shown = await labels.count();
  expect(shown).toBeGreaterThan(4);
  expect(shown).toBeLessThan(38);
  const frame = await board.boundingBox();
  for (const label of await labels.all()) {
    const b = await label.boundingBox();
    expect(b.x).toBeGreaterThanOrEqual(frame.x - 1);
    expect(b.y).toBeGreaterThanOrEqual(frame.y - 1);
    expect(b.x + b.width).toBeLessThanOrEqual(frame.x + frame.width + 1);
    expect(b.y + b.height).toBeLessThanOrEqual(frame.y + frame.height + 1);
  }
  // The page itself did not zoom or scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // A tap on the zoomed cell plays there (confirmed by a second tap).
  await j10.click();
  await j10.click();
  await expect(j10).toHaveAttribute('aria-label', /neutral citadel/);
  await expect(page.locator('.moves .move')).toHaveCount(1);
  // Those two quick taps on a cell to play were a move, not a double tap: still zoomed.
  await expect(page.locator('[data-overview]')).toBeVisible();
  // A double tap where nothing can be played (j10 now holds a citadel) fits the
  // board, and another zooms in about it again; neither plays.
  await j10.dblclick();
  await expect(page.locator('[data-overview]')).toHaveCount(0);
  await j10.dblclick();
  await expect(page.locator('[data-overview]')).toBeVisible();
  await expect.poll(async () => (await j10.boundingBox()).width).toBeGreaterThan(32);
  await expect(page.locator('.moves .move')).toHaveCount(1);
  // Fit shows the whole board again; "Zoom in" goes straight to a finger's size.
  await page.locator('[data-action="zoom-reset"]').click();
  await expect(page.locator('[data-overview]')).toHaveCount(0);
  await page.locator('[data-action="zoom-in"]').click();
  await expect.poll(async () => (await j10.boundingBox()).width).toBeGreaterThanOrEqual(32);
  // A tap on the overview's corner brings that corner into view.
  const a1 = page.locator('[data-cell="a1"]');
  const overview = await page.locator('[data-overview]').boundingBox();
  await page.mouse.click(overview.x + 4, overview.y + overview.height - 4);
  await expect.poll(async () => {
    const b = await a1.boundingBox();
    const v = await board.boundingBox();
    return b.x >= v.x - 1 && b.y + b.height <= v.y + v.height + 1;
  }).toBe(true);
});

test('coordinates follow the setting', async ({ page }) => {
  const fort = { game: 'fort', setup: {}, moves: [] };
  await page.goto('./#record=' + encodeURIComponent(JSON.stringify(fort)));
  await expect(page.locator('[data-cell="e5"]')).toBeVisible();
  // A hexagon: its coordinates by default (a refusal or a hint names its cells),
  // none with square boards only.
  await expect(page.locator('.play .coordinates text')).toHaveCount(18);
  await page.locator('[data-action="settings"]').click();
  await page.locator('[data-setting="coordinates"]').selectOption('square');
  await page.goBack();
  await expect(page.locator('[data-cell="e5"]')).toBeVisible();
  await expect(page.locator('.play .coordinates text')).toHaveCount(0);
  await page.locator('[data-action="settings"]').click();
  await page.locator('[data-setting="coordinates"]').selectOption('all');
  await page.goBack();
  await expect(page.locator('.play .coordinates text')).toHaveCount(18);
  await page.locator('[data-action="settings"]').click();
  await page.locator('[data-setting="coordinates"]').selectOption('off');
  await page.goBack();
  await expect(page.locator('[data-cell="e5"]')).toBeVisible();
  await expect(page.locator('.play .coordinates text')).toHaveCount(0);
});

test('two fingers pinch a 19x19 board open about the point between them, and a finger then plays', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const record = { game: 'citadel', setup: { size: 19 }, moves: [] };
  await page.goto('./#record=' + encodeURIComponent(JSON.stringify(record)));
  const board = page.locator('.play svg.board');
  await expect(board).toBeVisible();
  const j10 = page.locator('[data-cell="j10"]');
  const box = await board.boundingBox();
  // The middle of the board (j10 on 19x19), where the fingers go down.
  const c = await j10.boundingBox();
  const [cx, cy] = [c.x + c.width / 2, c.y + c.height / 2];
  const cdp = await page.context().newCDPSession(page);
  const touch = (type, spread) => cdp.send('Input.dispatchTouchEvent', {
    type,
    touchPoints: type === 'touchEnd' ? [] : [{ x: cx - spread, y: cy, id: 1 }, { x: cx + spread, y: cy, id: 2 }],
  });
  await touch('touchStart', 20);
  for (const spread of [30, 40, 50, 60]) await touch('touchMove', spread);
  await touch('touchEnd', 0);
  await expect(page.locator('[data-overview]')).toBeVisible();
  // Opened at least twice over: j10 is a finger's size (over 32 px) and still
  // near where the fingers were.
  const z = await j10.boundingBox();
  expect(z.width).toBeGreaterThan(Math.max(32, c.width * 2));
  expect(Math.abs(z.x + z.width / 2 - cx)).toBeLessThan(box.width / 8);
  expect(Math.abs(z.y + z.height / 2 - cy)).toBeLessThan(box.height / 8);
  // A finger's taps (confirm-tap is on for touch by default) place a citadel there.
  await j10.tap();
  await j10.tap();
  await expect(j10).toHaveAttribute('aria-label', /neutral citadel/);
});
