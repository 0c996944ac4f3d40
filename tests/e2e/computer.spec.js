// Games against the computer, end to end: a whole game in each of the five games
// against level 1 on a small board (the person's moves are the hints the app gives,
// played with "Play it"), and a game between two computers, watched, paused and
// resumed. "Quick computer" is on, so the computer's moves need not wait.
const { test, expect, quickComputer, holdAnswers } = require('./helpers');

test.beforeEach(async ({ page }) => {
  page.on('pageerror', (e) => { throw e; });
  await quickComputer(page);
});

async function newGame(page, game, setup, players = ['person', 'level1']) {
  await page.goto('./');
  // (The game open last reopens: the home page is a tap away.)
  await page.locator('button.brand').click();
  await page.locator(`[data-action="new-game"][data-game="${game}"]`).click();
  if (setup) await setup(page);
  // The default: you against the computer at level 2.
  await expect(page.locator('[data-seat-player="0"]')).toHaveValue('person');
  await expect(page.locator('[data-seat-player="1"]')).toHaveValue('level2');
  for (let i = 0; i < players.length; i++) {
    await page.locator(`[data-seat-player="${i}"]`).selectOption(players[i]);
  }
  await page.locator('[data-action="start"]').click();
}

// Plays the person's turns with the hint until the game is over; returns how many
// of its actions the person played.
async function playToTheEnd(page, minutes) {
  const over = page.locator('[data-game-over]');
  const hint = page.locator('[data-action="hint"]');
  const play = page.locator('[data-action="play-hint"]');
  const deadline = Date.now() + minutes * 60_000;
  let played = 0;
  while (!(await over.isVisible())) {
    expect(Date.now(), 'the game ended in time').toBeLessThan(deadline);
    if (await hint.isVisible()) {
      await hint.click();
      if (await play.waitFor({ timeout: 10_000 }).then(() => true, () => false)) {
        await play.click().then(() => played++, () => {});
      }
    } else {
      // The computer's turn: its panel says it is thinking, and taps are refused.
      await page.waitForTimeout(50);
    }
  }
  return played;
}

async function expectAWholeGame(page, minutes) {
  const played = await playToTheEnd(page, minutes);
  expect(played).toBeGreaterThan(0);
  const moves = await page.locator('.moves .move').count();
  expect(moves).toBeGreaterThan(1);
  // The computer's seat says what it is; the game, saved, comes back on reload.
  await expect(page.locator('.seat[data-seat="1"] .seat-computer')).toContainText('Computer, level 1');
  await page.reload();
  await expect(page.locator('[data-game-over]')).toBeVisible();
  await expect(page.locator('.moves .move')).toHaveCount(moves);
}

// Each game on a small board; a generous limit for its length (Fort's is the longest).
const WHOLE_GAMES = [
  { title: 'Fortress', game: 'fortress', minutes: 2.5, timeout: 180_000 },
  { title: 'Fort', game: 'fort', minutes: 9, timeout: 600_000 },
  { title: 'Citadel 13x13', game: 'citadel', minutes: 4.5, timeout: 300_000,
    setup: (p) => p.locator('[data-size="13"]').click() },
  { title: 'Island Wars for two', game: 'island-wars', minutes: 2.5, timeout: 180_000,
    setup: (p) => p.locator('[data-players="2"]').click() },
  { title: 'Frontier', game: 'frontier', minutes: 2.5, timeout: 180_000 },
];

for (const g of WHOLE_GAMES) {
  test(`a whole game of ${g.title} against level 1`, async ({ page }) => {
    test.setTimeout(g.timeout);
    await newGame(page, g.game, g.setup);
    await expectAWholeGame(page, g.minutes);
  });
}

test('the computer thinks in its panel, refuses taps meanwhile, and undo goes back to your move', async ({ page }) => {
  await quickComputer(page, false);
  // It thinks until "Move now", however long the steps below take.
  await holdAnswers(page);
  await newGame(page, 'fortress', null, ['person', 'level5']);
  await page.locator('[data-cell="c3"]').click();
  await page.locator('[data-cell="c3"]').click();
  // Thinking, with progress and "Move now"; a tap on the board is refused meanwhile.
  await expect(page.locator('[data-thinking]')).toContainText('Computer, level 5: thinking');
  // Its progress: the tries so far and the move it leans to.
  await expect(page.locator('[data-thinking]')).toContainText(/\d+ tries, leaning to [a-f][1-6]/);
  await page.locator('[data-cell="a1"]').click();
  await expect(page.locator('[data-tap-message]')).toContainText('The computer plays this turn');
  await page.locator('[data-action="move-now"]').click();
  await expect(page.locator('.moves .move')).toHaveCount(2);
  await expect(page.locator('[data-status]')).toContainText('Orange to move');
  // Undo takes back the computer's move and yours: your decision again.
  await page.locator('[data-action="undo"]').click();
  await expect(page.locator('.moves .move')).toHaveCount(0);
  await expect(page.locator('[data-status]')).toContainText('Orange to move');
});

test('the strongest computer searches in one worker a core and plays its move', async ({ page }) => {
  test.setTimeout(90_000);
  // A device of three cores, whatever this machine has.
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'hardwareConcurrency', { get: () => 3 });
  });
  const workers = [];
  page.on('worker', (w) => {
    const seen = { closed: false };
    w.on('close', () => { seen.closed = true; });
    workers.push(seen);
  });
  await newGame(page, 'fortress', null, ['person', 'strongest']);
  await expect(page.locator('.seat[data-seat="1"] .seat-computer')).toContainText('Computer, strongest');
  await page.locator('[data-cell="c3"]').click();
  await page.locator('[data-cell="c3"]').click();
  await expect(page.locator('[data-thinking]')).toContainText('Computer, strongest: thinking');
  // Three workers search side by side; the page counts all their tries.
  await expect.poll(() => workers.length).toBe(3);
  await expect(page.locator('[data-thinking]')).toContainText(/\d+ tries, leaning to [a-f][1-6]/);
  await expect(page.locator('.moves .move')).toHaveCount(2, { timeout: 60_000 });
  await expect(page.locator('[data-status]')).toContainText('Orange to move');
  // Its move made, every worker is ended.
  await expect.poll(() => workers.filter((w) => w.closed).length).toBe(3);
});

test('a reload while the computer thinks simply thinks again, at its own pace', async ({ page }) => {
  await quickComputer(page, false);
  await newGame(page, 'fortress', null, ['person', 'level5']);
  await page.locator('[data-cell="c3"]').click();
  await page.locator('[data-cell="c3"]').click();
  await expect(page.locator('[data-thinking]')).toBeVisible();
  await page.reload();
  await expect(page.locator('.moves .move')).toHaveCount(1);
  await expect(page.locator('[data-thinking]')).toBeVisible();
  await expect(page.locator('.moves .move')).toHaveCount(2, { timeout: 10_000 });
  // Level 1 finds its move at once; it still shows only half a second after its
  // turn began.
  await newGame(page, 'fortress', null, ['person', 'level1']);
  // What the page shows is recorded as it changes (when the thinking panel shows,
  // when the computer's move lands), so a busy machine cannot make the test look
  // too late.
  await page.evaluate(() => {
    window.__seen = {};
    new MutationObserver(() => {
      const t = performance.now();
      if (!window.__seen.thinking && document.querySelector('[data-thinking]')) window.__seen.thinking = t;
      if (!window.__seen.answered && document.querySelectorAll('.moves .move').length === 2) window.__seen.answered = t;
    }).observe(document.body, { childList: true, subtree: true, attributes: true });
  });
  await page.locator('[data-cell="c3"]').click();
  await page.locator('[data-cell="c3"]').click();
  await expect(page.locator('.moves .move')).toHaveCount(2);
  const seen = await page.evaluate(() => window.__seen);
  expect(seen.thinking, 'the thinking panel showed').toBeDefined();
  expect(seen.answered - seen.thinking).toBeGreaterThan(350);
  await expect(page.locator('[data-status]')).toContainText('Orange to move');
});

test('two computers play each other, paused and resumed; the link keeps the seats', async ({ page }) => {
  test.setTimeout(120_000);
  await newGame(page, 'fortress', null, ['level1', 'level1']);
  await expect.poll(() => page.locator('.moves .move').count()).toBeGreaterThan(3);
  await page.locator('[data-action="pause"]').click();
  const paused = await page.locator('.moves .move').count();
  await page.waitForTimeout(1500);
  await expect(page.locator('.moves .move')).toHaveCount(paused);
  await expect(page.locator('[data-action="hint"]')).toHaveCount(0);
  // The share link carries who plays each seat.
  await page.locator('[data-action="share"]').first().click();
  const link = await page.locator('[data-share-link]').inputValue();
  expect(link).toContain('#c=');
  await page.locator('[data-action="resume"]').click();
  await expect(page.locator('[data-game-over]')).toBeVisible({ timeout: 90_000 });
  // Classic: 21 moves each, passes included, unless both pass in succession first
  // (a level 1 may: it slips now and then).
  const moves = await page.locator('.moves .move').allTextContents();
  expect(moves.length).toBeGreaterThan(paused);
  expect(moves.length).toBeLessThanOrEqual(42);
  if (moves.length < 42) expect(moves.slice(-2).map((m) => m.replace(/^\d+\s*/, ''))).toEqual(['pass', 'pass']);
  // Opened elsewhere, the link is the same game between two computers.
  await page.goto(link);
  await expect(page.locator('.seat[data-seat="0"] .seat-computer')).toContainText('Computer, level 1');
  await expect(page.locator('.seat[data-seat="1"] .seat-computer')).toContainText('Computer, level 1');
});

test('the 1983 roster plays Fortress by name, and only Fortress offers it', async ({ page }) => {
  await newGame(page, 'fortress', null, ['person', 'vauban']);
  const seat = page.locator('.seat[data-seat="1"] .seat-computer');
  await expect(seat).toContainText('Computer, Count Vauban');
  await page.locator('[data-cell="c3"]').click();
  await page.locator('[data-cell="c3"]').click();
  await expect(page.locator('.moves .move')).toHaveCount(2);
  await expect(page.locator('[data-status]')).toContainText('Orange to move');
  // Saved with its player: Vauban is still the computer after a reload.
  await page.reload();
  await expect(seat).toContainText('Computer, Count Vauban');
  await expect(page.locator('.moves .move')).toHaveCount(2);
  // Fort's seats list levels only.
  await page.locator('button.brand').click();
  await page.locator('[data-action="new-game"][data-game="fort"]').click();
  await expect(page.locator('[data-seat-player="1"] option[value="level1"]')).toHaveCount(1);
  await expect(page.locator('[data-seat-player="1"] option[value="vauban"]')).toHaveCount(0);
});
