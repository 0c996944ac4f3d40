// Screenshots of every screen, for looking at the app: at a phone's, a tablet's and
// a desktop's size, in light and dark. Run by scripts/screens.sh, which builds and
// serves the release build:
//   node tests/e2e/screens.js URL OUTDIR
// Files are named SIZE-SCHEME-SCREEN.png (phone-dark-play-citadel.png, ...), and
// tablet[-side]-SCHEME-table-N-seats.png for table mode with 2, 3, 4 and 6 seats. Play
// screens show a game from tests/fixtures part-way through (its first half of
// moves) and at its end (all of them, where the record ends the game).
const { chromium } = require('playwright-core');
const fs = require('fs');
const path = require('path');

const SIZES = [['phone', 390, 844], ['tablet', 768, 1024], ['desktop', 1280, 800]];
const GAMES = [
  ['fortress', 'fortress-3p-01'],
  ['fort', 'fort-07'],
  ['citadel', 'citadel-game-01'],
  ['island-wars', 'island-wars-game-03'],
  ['frontier', 'frontier-m3-05'],
];

function link(url, record) {
  return `${url}#record=${encodeURIComponent(JSON.stringify(record))}`;
}

(async () => {
  const [url, out] = [process.argv[2] || 'http://127.0.0.1:8080/', process.argv[3] || '/tmp/holdfast-screens'];
  fs.mkdirSync(out, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  let count = 0;
  for (const [size, width, height] of SIZES) {
    for (const scheme of ['light', 'dark']) {
      const ctx = await browser.newContext({ viewport: { width, height }, hasTouch: true, colorScheme: scheme });
      const page = await ctx.newPage();
      page.on('pageerror', e => console.log(`${size} ${scheme}: pageerror ${e.message}`));
      const shot = async (name) => {
        await page.waitForTimeout(250);
        await page.screenshot({ path: path.join(out, `${size}-${scheme}-${name}.png`) });
        count++;
      };
      for (const [game, fixture] of GAMES) {
        const { record } = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'fixtures', `${fixture}.json`), 'utf8'));
        const half = { ...record, moves: record.moves.slice(0, Math.ceil(record.moves.length / 2)) };
        await page.goto(link(url, half));
        await page.waitForSelector('[data-status]');
        await shot(`play-${game}`);
        await page.goto(link(url, record));
        await page.waitForSelector('[data-status]');
        await shot(`play-${game}-end`);
        await page.goto(`${url}#new/${game}`);
        await page.waitForSelector('[data-action="start"]');
        await shot(`new-${game}`);
        await page.goto(`${url}#rules/${game}`);
        await page.waitForSelector('h1');
        await shot(`rules-${game}`);
      }
      await page.goto(`${url}#home`);
      await page.waitForSelector('[data-saved-game]');
      await shot('home');
      await page.goto(`${url}#settings`);
      await page.waitForSelector('[data-setting]');
      await shot('settings');
      await page.goto(`${url}#bench`);
      await page.waitForSelector('[data-action="run-bench"]');
      await shot('bench');
      await ctx.close();
    }
  }
  // Table mode on a tablet, upright and on its side, for 2, 3, 4 and 6 seats.
  const tables = {
    2: { game: 'fortress', setup: { map: 'classic', players: 2 }, moves: ['c3', 'd4'] },
    3: { game: 'fortress', setup: { map: 'classic', players: 3 }, moves: ['c3', 'd4'] },
    4: { game: 'fortress', setup: { map: 'classic', players: 4 }, moves: ['c3', 'd4', 'e5'] },
    6: { game: 'island-wars', setup: { players: 6 }, moves: [] },
  };
  for (const [tag, width, height] of [['tablet', 768, 1024], ['tablet-side', 1024, 768]]) {
    for (const scheme of ['light', 'dark']) {
      const ctx = await browser.newContext({ viewport: { width, height }, hasTouch: true, colorScheme: scheme });
      await ctx.addInitScript(() => localStorage.setItem('holdfast.settings', JSON.stringify({ table_mode: true })));
      const page = await ctx.newPage();
      for (const [seats, record] of Object.entries(tables)) {
        await page.goto(link(url, record));
        await page.waitForSelector('[data-status]');
        await page.waitForTimeout(250);
        await page.screenshot({ path: path.join(out, `${tag}-${scheme}-table-${seats}-seats.png`) });
        count++;
      }
      await ctx.close();
    }
  }
  await browser.close();
  console.log(`${count} screenshots in ${out}`);
})();
