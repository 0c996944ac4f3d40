// Looking back with the engine (issue 34): a finished game of each of the five
// games analysed in the app's worker, the chance-of-winning chart drawn, the
// entries it judged marked in the move list, a marked mistake's better move shown
// on the board and played in a new game from there; and an analysis kept over a
// reload. Each game is a random game (`holdfast playout GAME VARIANT SEED`, its
// link from `holdfast link`): random moves give the analysis mistakes to mark.
const { expect } = require('@playwright/test');
const { test } = require('./helpers');

// (game, link): playouts fortress classic 3, fort standard 2, citadel 13x13 3,
// island-wars 2p 2, frontier mode1 2.
const GAMES = [
  ['fortress', '#c=AXV7ImdhbWUiOiJmb3J0cmVzcyIsInNldHVwIjp7ImRpY2UiOmZhbHNlLCJtYXAiOiJjbGFzc2ljIiwicGllIjpmYWxzZSwicGxheWVycyI6MiwicnVsZXMiOiJzZWVkIiwic2VlZCI6MH0sIm1vdmVzIjpbXX0qdHZRJGeGeDV7Mj8tDRZcnI4JMhMC6FCOFbMsGA'],
  ['fort', '#c=ASV7ImdhbWUiOiJmb3J0Iiwic2V0dXAiOnt9LCJtb3ZlcyI6W119yAKkdPDlBjLESiVKCVCMiphV4iklqQZyAl8Kw2lMMkCWBjVGAeESApacOnLUgEMFgWTUCjVcgoMalYFGlrPS-DR4ZZYJTEZNgojrGDMhxwAAgEgUpHN0QB6wyBXEmECoIBEEDrAIrsIdsBtgwIhmcMcYcxosoNjQrWhkwwKUqdYADNBWvlkAWDCdB0IwwkdLIQYt0ecTF2hSZC4oqDp6YD1WTXOlQPDN69NMalxt65PEBsZfkQA'],
  ['citadel', '#c=ATF7ImdhbWUiOiJjaXRhZGVsIiwic2V0dXAiOnsic2l6ZSI6MTN9LCJtb3ZlcyI6W119SpI0mROPJkgakvnDtGTIDB3GIohOlDnakOyoyUGQzdWrRQ390xNQ'],
  ['island-wars', '#c=ATd7ImdhbWUiOiJpc2xhbmQtd2FycyIsInNldHVwIjp7InBsYXllcnMiOjJ9LCJtb3ZlcyI6W119GIRSmQZyGCncQA'],
  ['frontier', '#c=AYIBeyJnYW1lIjoiZnJvbnRpZXIiLCJzZXR1cCI6eyJjaXRpZXMiOlsiZTIiLCJlMTAiXSwiaGVpZ2h0Ijo5LCJtb2RlIjoxLCJtb3VudGFpbnMiOltdLCJ0dXJucyI6MjAsIndhdGVyIjpbXSwid2lkdGgiOjExfSwibW92ZXMiOltdfShCNAlzTtQFaxZ5TojI0wicVTCMYjjzYELZxx1ZAA'],
];

// The analysis runs in a worker at its own pace: a budget for a busy machine,
// not a wait on time (each waits on the page's state).
const ANALYSED = 240_000;

async function analyse(page, link) {
  await page.goto('about:blank');
  await page.goto('./' + link);
  await expect(page.locator('[data-game-over]')).toBeVisible();
  const moves = await page.locator('.moves .move').count();
  await page.locator('[data-action="analyse"]').click();
  await expect(page.locator('[data-analysis-progress]')).toBeVisible();
  await expect(page.locator('[data-analysis="done"]')).toBeVisible({ timeout: ANALYSED });
  // A look at every position: before each entry, and the last.
  await expect(page.locator('[data-analysis-chart]')).toHaveAttribute('data-analysis-chart', String(moves + 1));
  return moves;
}

for (const [game, link] of GAMES) {
  test(`a finished ${game} game is analysed, and a mistake's better move is played from there`, async ({ page }) => {
    test.setTimeout(ANALYSED + 60_000);
    const moves = await analyse(page, link);
    // Each seat's accuracy, and the chart's polylines, one a seat.
    const seats = await page.locator('[data-summary-seat]').count();
    expect(seats).toBeGreaterThanOrEqual(2);
    await expect(page.locator('[data-analysis-summary] td').first()).toHaveText(/^\d+%$/);
    await expect(page.locator('[data-analysis-chart] polyline')).toHaveCount(seats);
    // The first entry marked a mistake or a blunder.
    const marked = page.locator('.moves .move:has([data-class="mistake"]), .moves .move:has([data-class="blunder"])');
    expect(await marked.count()).toBeGreaterThan(0);
    const first = marked.first();
    const label = await first.getAttribute('aria-label');
    expect(label).toMatch(/a (mistake|blunder)$/);
    const number = Number(label.match(/^\S+ (\d+)/)[1]);
    // To the position before it: the better move, in words and on the board.
    await page.locator('[data-action="review-first"]').click();
    for (let i = 1; i < number; i++) await page.locator('[data-action="review-next"]').click();
    await expect(page.locator('[data-chart-at]').last()).toHaveAttribute('data-chart-at', String(number - 1));
    const better = page.locator('[data-better]');
    await expect(better).toBeVisible();
    const best = await better.getAttribute('data-better');
    await expect(page.locator('[data-hint-mark]')).toBeVisible();
    // Its chance drawn beside it on the board, the same as the words say.
    const drawn = await page.locator('[data-hint-label]').getAttribute('data-hint-label');
    expect(drawn).toMatch(/^\d+%$/);
    await expect(better).toContainText(`(a ${drawn} chance)`);
    await expect(page.locator('[data-analysis-at]')).toHaveText(/\d+%/);
    // Played in a new game from that position: its last entry is the better one.
    await page.locator('[data-action="try-better"]').click();
    await expect(page.locator('.moves .move')).toHaveCount(number);
    await expect(page.locator('.moves .move').last()).toContainText(best.split(' ')[0]);
    expect(number).toBeLessThanOrEqual(moves);
  });
}

test('an analysis is kept with the saved game over a reload', async ({ page }) => {
  test.setTimeout(ANALYSED + 60_000);
  const [, link] = GAMES[0];
  await analyse(page, link);
  const marks = await page.locator('.moves .mark').count();
  expect(marks).toBeGreaterThan(0);
  // The marked moves one after another, by their buttons (keyboard reachable):
  // each to the position before a marked entry, its better move shown.
  const firstMarked = Number((await page.locator('.moves .move:has(.mark)').first().getAttribute('aria-label')).match(/^\S+ (\d+)/)[1]);
  await page.locator('[data-action="next-mark"]').click();
  await expect(page.locator('[data-chart-at]').last()).toHaveAttribute('data-chart-at', String(firstMarked - 1));
  await expect(page.locator('[data-better]')).toBeVisible();
  await expect(page.locator('[data-action="previous-mark"]')).toBeDisabled();
  await page.locator('[data-action="next-mark"]').click();
  await expect(page.locator('[data-action="previous-mark"]')).toBeEnabled();
  await page.reload();
  await expect(page.locator('[data-game-over]')).toBeVisible();
  // Shown at once: no Analyse button, the chart, the same marks.
  await expect(page.locator('[data-analysis="done"]')).toBeVisible();
  await expect(page.locator('[data-action="analyse"]')).toHaveCount(0);
  await expect(page.locator('.moves .mark')).toHaveCount(marks);
  // A damaged copy in storage is let go of: the game opens, ready to analyse again.
  const key = await page.evaluate(() => Object.keys(localStorage).find(k => k.startsWith('holdfast.analysis.')));
  expect(key).toBeTruthy();
  await page.evaluate((k) => localStorage.setItem(k, 'not an analysis'), key);
  await page.reload();
  await expect(page.locator('[data-game-over]')).toBeVisible();
  await expect(page.locator('[data-action="analyse"]')).toBeVisible();
  await expect(page.locator('.moves .mark')).toHaveCount(0);
});

test('the evaluation bar shows the chances in a game among people, never against the computer under way', async ({ page }) => {
  test.setTimeout(ANALYSED + 60_000);
  await page.addInitScript(() => {
    const key = 'holdfast.settings';
    const s = JSON.parse(localStorage.getItem(key) || '{}');
    s.eval_bar = true;
    localStorage.setItem(key, JSON.stringify(s));
  });
  const moves = ['e6', 'b2', 'e3', 'c6', 'b5', 'b1', 'f4', 'b1', 'f4', 'a4'];
  const open = async (seats) => {
    await page.goto('about:blank');
    await page.goto('./#record=' + encodeURIComponent(JSON.stringify({ game: 'fortress', moves, seats })));
    await expect(page.locator('[data-status]')).toBeVisible();
  };
  // Among people: the analysis runs by itself, and the bar follows the position.
  await open(['person', 'person']);
  const bar = page.locator('[data-eval-bar]');
  await expect(bar).toHaveAttribute('data-eval-bar', '10', { timeout: ANALYSED });
  await expect(bar).toHaveAttribute('aria-label', /\d+%.*\d+%/);
  // Drawn across under the board, not squeezed to nothing.
  const box = await bar.boundingBox();
  const board = await page.locator('.board-wrap svg').first().boundingBox();
  expect(box.width).toBeGreaterThan(board.width / 2);
  await page.locator('[data-action="review-previous"]').click();
  await expect(bar).toHaveAttribute('data-eval-bar', '9');
  // Against the computer, under way: no bar, and what Analyse finds waits for the end.
  await open(['person', 'level1']);
  await expect(page.locator('[data-action="analyse"]')).toBeVisible();
  await page.locator('[data-action="analyse"]').click();
  await expect(page.locator('[data-analysis-later]')).toBeVisible({ timeout: ANALYSED });
  await expect(page.locator('[data-eval-bar]')).toHaveCount(0);
  await expect(page.locator('[data-analysis-chart]')).toHaveCount(0);
});
