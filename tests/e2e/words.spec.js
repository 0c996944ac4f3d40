// A board that speaks plainly: what the other side's move did is said in words by
// the board and to a screen reader, the move list marks what took, a refusal
// names what the player sees, and the hint is drawn on the board in every game.
const fs = require('fs');
const path = require('path');
const { test, expect, peopleOnly, quickComputer } = require('./helpers');

const fixture = (name) => JSON.parse(fs.readFileSync(path.join(__dirname, '../fixtures', name), 'utf8')).record;
const open = (page, record) => page.goto('./#record=' + encodeURIComponent(JSON.stringify(record)));

test('a computer\'s capture in Fort is said in words, heard, and marked in the move list', async ({ page }) => {
  // The last turn, the computer's (seat 0 here), steps onto both of the other's dots.
  const record = { ...fixture('fort-capture.json'), seats: ['level2', 'person'] };
  await open(page, record);
  await expect(page.locator('[data-said]')).toHaveText(/^\S+ took 2 dots from \S+\.$/);
  await expect(page.locator('[data-announce]')).toContainText('took 2 dots from');
  const last = page.locator('.moves .move').last();
  await expect(last.locator('[data-takes]')).toHaveText(/×/);
  await expect(last).toHaveAttribute('aria-label', /took from another player/);
  // The moves before it took nothing.
  await expect(page.locator('.moves .move [data-takes]')).toHaveCount(1);
  // Looking back at an earlier move says what that move did (here: nothing taken,
  // so who played what).
  await page.locator('.moves .move').nth(3).click();
  await expect(page.locator('[data-said]')).toHaveText(/^\S+ played e7-e6 @e7\.$/);
});

test('a computer\'s capture in Citadel is said in words', async ({ page }) => {
  const record = { ...fixture('citadel-siege-00.json'), seats: ['person', 'level2'] };
  await open(page, record);
  await expect(page.locator('[data-said]')).toContainText(/took 1 warrior from/);
  await expect(page.locator('[data-announce]')).toContainText('took 1 warrior from');
  await expect(page.locator('.moves .move').last().locator('[data-takes]')).toHaveCount(1);
});

test('a refusal names what the player sees, not a cell name alone', async ({ page }) => {
  await page.goto('./');
  await page.locator('[data-action="new-game"][data-game="fort"]').click();
  await peopleOnly(page);
  await page.locator('[data-action="start"]').click();
  // Fort starts with a fort each (the first player's on e1): a spawn there.
  await page.locator('[data-cell="e1"]').click();
  await expect(page.locator('[data-tap-message]')).toContainText('Your fort (e1)');
});

for (const game of ['fortress', 'fort', 'frontier', 'citadel', 'island-wars']) {
  test(`the hint is drawn on the board in ${game}`, async ({ page }) => {
    await quickComputer(page);
    await page.goto('./');
    await page.locator(`[data-action="new-game"][data-game="${game}"]`).click();
    await peopleOnly(page);
    await page.locator('[data-action="start"]').click();
    await page.locator('[data-action="hint"]').click();
    const hint = page.locator('[data-hint]');
    await expect(hint).toHaveAttribute('data-hint', /./, { timeout: 30_000 });
    const mark = page.locator('.board .hint-mark');
    await expect(mark).toHaveCount(1);
    const named = await mark.getAttribute('data-hint-mark');
    expect(named.length).toBeGreaterThan(0);
    // Each cell it rings is named in the hint's own notation.
    const action = await hint.getAttribute('data-hint');
    for (const cell of named.split(' ')) expect(action).toContain(cell);
    // Played, the mark goes with the hint.
    await page.locator('[data-action="play-hint"]').click();
    await expect(mark).toHaveCount(0);
  });
}
