// The served app's Content-Security-Policy: present with the loader's hash, and
// enforced (every other spec fails on a violation; here one is provoked).
const { test, expect } = require('./helpers');

test('the page carries a policy that lets the app run and refuses injected script', async ({ page, cspViolations }) => {
  const response = await page.goto('/');
  const html = await response.text();
  const policy = html.match(/http-equiv="Content-Security-Policy" content="([^"]*)"/);
  expect(policy, 'a Content-Security-Policy meta tag').not.toBeNull();
  const p = policy[1];
  expect(p).toContain("object-src 'none'");
  expect(p).toContain("base-uri 'none'");
  expect(p).not.toContain("'unsafe-eval'");
  expect(p).not.toContain('LOADER');
  expect(p).toMatch(/script-src 'self' 'wasm-unsafe-eval' 'sha256-[A-Za-z0-9+/]{43}='/);
  // The app started under it.
  await expect(page.getByRole('button', { name: 'New game of Fortress' })).toBeVisible();

  // A script put into the page is refused and reported.
  const ran = await page.evaluate(async () => {
    const s = document.createElement('script');
    s.textContent = 'window.injected = true;';
    document.head.append(s);
    await new Promise((r) => setTimeout(r, 100));
    return window.injected === true;
  });
  expect(ran).toBe(false);
  await expect.poll(() => cspViolations.length).toBeGreaterThan(0);
  expect(cspViolations.join('\n')).toContain('script-src');
  cspViolations.length = 0;
});
