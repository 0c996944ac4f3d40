// Draws the app's PNG icons (web/icon-192.png, icon-512.png, icon-maskable-512.png)
// from web/icon.svg in headless Chromium: run from the repository as
//   NODE_PATH=node_modules node scripts/icons.js
// (the PNGs are committed; run it again after changing the SVG).
const { chromium } = require('playwright-core');
const fs = require('fs');
(async () => {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
  const svg = fs.readFileSync('web/icon.svg', 'utf8');
  // Maskable: the background to the edges, the motif inside the safe circle (80%).
  const inner = svg.replace(/^<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '').replace(/<rect width="32" height="32" rx="6" fill="#1d2433"\/>/, '');
  const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#1d2433"/><g transform="translate(16 16) scale(0.72) translate(-16 -16)">${inner}</g></svg>`;
  for (const [name, src, size] of [['icon-192.png', svg, 192], ['icon-512.png', svg, 512], ['icon-maskable-512.png', maskable, 512]]) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(`<html><body style="margin:0;background:transparent">${src.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`);
    await page.screenshot({ path: `web/${name}`, omitBackground: true });
    await page.close();
  }
  await browser.close();
})();
