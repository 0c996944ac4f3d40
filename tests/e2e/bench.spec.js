// The engine benchmark page runs every variant in a Web Worker and shows a row each.
const { test, expect } = require('./helpers');

test('the benchmark runs in a worker and reports every variant', async ({ page }) => {
  const errors = [];
  page.on('pageerror', e => errors.push(e.message));
  await page.goto('/');
  await page.click('[data-action="settings"]');
  await page.click('[data-action="bench"]');
  await page.fill('[data-field="bench-seconds"]', '0.05');
  await page.click('[data-action="run-bench"]');
  const json = page.locator('[data-bench-json]');
  await expect(json).toBeVisible({ timeout: 30_000 });
  const report = JSON.parse(await json.textContent());
  const games = new Set(report.bench.map(r => r.game));
  expect(games.size).toBe(5);
  for (const r of report.bench) {
    expect(r.actions_per_s).toBeGreaterThan(0);
  }
  await expect(page.locator('[data-bench-row]')).toHaveCount(report.bench.length);
  // The page was never blocked: the button is usable again.
  await expect(page.locator('[data-action="run-bench"]')).toBeEnabled();
  expect(errors).toEqual([]);
});

test('#bench opens the benchmark page directly', async ({ page }) => {
  await page.goto('/#bench');
  await expect(page.locator('[data-action="run-bench"]')).toBeVisible();
});

test('level 5 is timed on each game\'s largest board, in the worker', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/#bench');
  await page.click('[data-action="think-bench"]');
  const json = page.locator('[data-think-json]');
  await expect(json).toBeVisible({ timeout: 60_000 });
  const report = JSON.parse(await json.textContent());
  expect(report.think.length).toBe(5);
  for (const r of report.think) {
    expect(r.player).toBe('level5');
    expect(r.iterations).toBeGreaterThan(0);
    expect(r.budget_ms).toBeGreaterThan(0);
  }
  await expect(page.locator('[data-think-row]')).toHaveCount(5);
  await expect(page.locator('[data-action="think-bench"]')).toBeEnabled();
});
