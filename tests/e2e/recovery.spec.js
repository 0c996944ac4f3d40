// If the app panics anyway (issue 13): a recovery screen, never a blank page. The
// test panics the app on purpose through the one export made for it.
const { test, expect, peopleOnly } = require('./helpers');

const oneMove = (page) => expect(page.locator('.moves .move')).toHaveCount(1);

async function openFortressWithAMove(page) {
  await page.goto('./');
  await page.locator('[data-action="new-game"]').first().click();
  await peopleOnly(page);
  await page.locator('[data-action="start"]').click();
  // Confirm-tap is on: two taps on one square.
  await page.locator('[data-cell="c3"]').click();
  await page.locator('[data-cell="c3"]').click();
  await oneMove(page);
}

async function panic(page) {
  await page.evaluate(() => setTimeout(() => window.wasmBindings.test_panic()));
  await expect(page.locator('[data-recovery-screen]')).toBeVisible();
}

test('a panic shows the recovery screen, which gives the open game away as a link and a file', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openFortressWithAMove(page);
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await panic(page);
  const screen = page.locator('[data-recovery-screen]');
  await expect(screen).toHaveAttribute('role', 'alert');
  await expect(screen.getByRole('heading')).toHaveText('Holdfast stopped');
  await expect(screen.locator('pre')).toContainText('a panic asked for by test_panic()');
  expect(errors.join('\n')).toContain('Holdfast panicked: ');

  // The link: copied, and it opens the same game in a fresh page.
  await screen.getByRole('button', { name: 'Copy its link' }).click();
  await expect(screen.getByRole('status')).toHaveText('The link is copied.');
  const url = await page.evaluate(() => navigator.clipboard.readText());
  expect(url).toContain('#record=');
  // The file: the record.
  const download = page.waitForEvent('download');
  await screen.getByRole('button', { name: 'Download it' }).click();
  const file = await download;
  const record = JSON.parse(require('fs').readFileSync(await file.path(), 'utf8'));
  expect(record.game).toBe('fortress');
  expect(record.moves.length).toBe(1);

  // Reload: the app is back with the game, nothing lost.
  await screen.getByRole('button', { name: 'Reload', exact: true }).click();
  await oneMove(page);

  const other = await context.newPage();
  await other.goto(url);
  await oneMove(other);
});

test('setting the open game aside starts the app without it, and keeps it', async ({ page }) => {
  await openFortressWithAMove(page);
  await panic(page);
  const id = await page.evaluate(() => localStorage.getItem('holdfast.current'));
  await page.getByRole('button', { name: 'Set it aside and reload' }).click();
  await expect(page.locator('[data-action="new-game"]').first()).toBeVisible();
  const kept = await page.evaluate((id) => ({
    aside: localStorage.getItem('holdfast.corrupt.' + id),
    game: localStorage.getItem('holdfast.game.' + id),
    current: localStorage.getItem('holdfast.current'),
  }), id);
  expect(kept.game).toBeNull();
  expect(kept.current).toBeNull();
  expect(JSON.parse(kept.aside).record.moves.length).toBe(1);
});

test('a save that stopped the app while it was opened is set aside at the next start', async ({ page }) => {
  await openFortressWithAMove(page);
  const id = await page.evaluate(() => localStorage.getItem('holdfast.current'));
  // As the app leaves it when a save's replay panics at start-up.
  await page.evaluate((id) => sessionStorage.setItem('holdfast.loading', id), id);
  await page.reload();
  await expect(page.locator('[data-notice]')).toContainText('set aside');
  await expect(page.locator(`[data-aside="holdfast.corrupt.${id}"]`)).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('holdfast.loading'))).toBeNull();
  // The next start is an ordinary one.
  await page.reload();
  await expect(page.locator('[data-notice]')).toHaveCount(0);
});

test('with no storage at all the game plays and says it is not being saved', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      get() { throw new DOMException('blocked', 'SecurityError'); },
    });
  });
  await openFortressWithAMove(page);
  await page.locator('[data-cell="d4"]').click();
  await page.locator('[data-cell="d4"]').click();
  await expect(page.locator('.moves .move')).toHaveCount(2);
  await expect(page.locator('[data-save-error]')).toContainText('no storage');
  await expect(page.locator('[data-recovery-screen]')).toHaveCount(0);
});
