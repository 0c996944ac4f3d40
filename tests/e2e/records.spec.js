// Records in and out: Share downloads a game as JSON and as text; the home page opens
// a game from a chosen file, a dropped file or pasted text (a record or a link), and
// says what is wrong, and where, with one it cannot open.
const fs = require('fs');
const { test, expect, peopleOnly } = require('./helpers');

const cell = (page, name) => page.locator(`[data-cell="${name}"]`);

async function place(page, name) {
  await cell(page, name).click();
  await cell(page, name).click();
}

test('a game goes out as JSON and text and comes back in by file, drop and paste', async ({ page }) => {
  page.on('pageerror', (e) => { throw e; });
  await page.goto('./');
  await page.locator('[data-action="new-game"][data-game="fortress"]').click();
  await peopleOnly(page);
  await page.locator('[data-action="start"]').click();
  for (const c of ['c3', 'd4']) await place(page, c);
  // The link with two moves (the game goes on after it).
  await page.locator('[data-action="share"]').first().click();
  const link = await page.locator('[data-share-link]').inputValue();
  await place(page, 'b2');

  let download = page.waitForEvent('download');
  await page.locator('[data-action="export-json"]').click();
  const jsonFile = await (await download).path();
  const record = JSON.parse(fs.readFileSync(jsonFile, 'utf8'));
  expect(record.game).toBe('fortress');
  expect(record.moves).toEqual(['c3', 'd4', 'b2']);

  download = page.waitForEvent('download');
  await page.locator('[data-action="export-text"]').click();
  const textDownload = await download;
  expect(textDownload.suggestedFilename()).toMatch(/^holdfast-fortress-.*\.txt$/);
  const text = fs.readFileSync(await textDownload.path(), 'utf8');
  expect(text).toContain('Holdfast game record\ngame: fortress\n');
  expect(text).toContain('\n1. c3\n2. d4\n3. b2\n');

  // On a device that has no games yet (storage emptied): by the file picker, the
  // text file opens the game.
  await page.goto('./#home');
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await expect(page.locator('[data-saved-game]')).toHaveCount(0);
  await page.locator('[data-import-file]').setInputFiles({ name: 'game.txt', mimeType: 'text/plain', buffer: Buffer.from(text) });
  await expect(page.locator('[data-notice]')).toContainText('Opened the game in game.txt.');
  await expect(page.locator('.moves .move')).toHaveCount(3);
  await expect(cell(page, 'b2')).toHaveAttribute('aria-label', /b2: 1 Orange piece/);

  // Dropped on the home page: the JSON file.
  await page.goto('./#home');
  const json = fs.readFileSync(jsonFile, 'utf8');
  const dt = await page.evaluateHandle((t) => {
    const d = new DataTransfer();
    d.items.add(new File([t], 'dropped.json', { type: 'application/json' }));
    return d;
  }, json);
  await page.locator('.home').dispatchEvent('drop', { dataTransfer: dt });
  // The same game (its id): not a second copy.
  await expect(page.locator('[data-notice]')).toContainText('already up to date');
  await expect(page.locator('.moves .move')).toHaveCount(3);

  // Pasted: the share link of the game from before it had its last move.
  await page.goto('./#home');
  await page.locator('[data-import-text]').fill(link);
  await page.locator('[data-action="import"]').click();
  await expect(page.locator('[data-notice]')).toContainText('behind your copy of the game: it stops at move 2 of 3');
  await expect(page.locator('.moves .move')).toHaveCount(3);
  await page.goto('./#home');
  await expect(page.locator('[data-saved-game]')).toHaveCount(1);
  // A record with no id, pasted: a game of its own.
  await page.locator('[data-import-text]').fill('game: fortress\n\n1. a1\n');
  await page.locator('[data-action="import"]').click();
  await expect(page.locator('[data-notice]')).toContainText('Opened the game in the pasted text.');
  await expect(page.locator('.moves .move')).toHaveCount(1);

  // Something it cannot open: what is wrong and where, and nothing else changes.
  await page.goto('./#home');
  const saved = await page.locator('[data-saved-game]').count();
  await page.locator('[data-import-text]').fill('game: fortress\n\n1. c3\n3. d4\n');
  await page.locator('[data-action="import"]').click();
  await expect(page.locator('[data-notice]')).toContainText('Could not open the pasted text: line 4: move 3 is out of order');
  await page.locator('[data-import-file]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('{"game": "fortress", "moves": ["c3", "zz"]}') });
  await expect(page.locator('[data-notice]')).toContainText('Could not open notes.txt');
  await expect(page.locator('[data-notice]')).toContainText('move 2 (zz)');
  // A file over a record's limit (8 MiB): refused as too large, read no further.
  await page.locator('[data-import-file]').setInputFiles({ name: 'huge.json', mimeType: 'application/json', buffer: Buffer.alloc(9 << 20, 32) });
  await expect(page.locator('[data-notice]')).toContainText('Could not open huge.json: too large');
  await expect(page.locator('[data-saved-game]')).toHaveCount(saved);
});
