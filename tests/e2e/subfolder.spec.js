// The built site works from a sub-folder of a host (https://host/holdfast/), not
// only from its root: every asset path is relative. dist/sub is a link to dist
// itself, so the same files answer under /sub/.
const { test, expect, quickComputer } = require('./helpers');
const fs = require('fs');
const path = require('path');

const sub = path.join(__dirname, '../../dist/sub');

test.beforeAll(() => {
  if (!fs.existsSync(sub)) fs.symlinkSync('.', sub);
});
test.afterAll(() => {
  fs.rmSync(sub, { force: true });
});

test('the app runs from a sub-folder: a game against the computer, a reload, a link', async ({ page }) => {
  await quickComputer(page);
  // Nothing may come from outside the folder (the same files answer at the root).
  const outside = [];
  await page.context().route('**/*', (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path.startsWith('/sub/')) return route.continue();
    outside.push(path);
    return route.abort();
  });
  await page.goto('/sub/');
  await page.locator('[data-action="new-game"]').first().click();
  await page.locator('[data-action="start"]').click();
  // You against level 2 (the default): one move each, the computer's from the worker.
  await page.locator('[data-cell="c3"]').click();
  await page.locator('[data-cell="c3"]').click();
  await expect(page.locator('.moves .move')).toHaveCount(2, { timeout: 20_000 });
  await page.reload();
  await expect(page.locator('.moves .move')).toHaveCount(2);
  expect(new URL(page.url()).pathname).toBe('/sub/');
  // The share link points into the sub-folder.
  await page.locator('[data-action="share"]').click();
  const link = await page.locator('[data-share-link]').inputValue();
  expect(new URL(link).pathname).toBe('/sub/');
  expect(outside).toEqual([]);
});
