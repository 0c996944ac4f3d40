// Lessons on a phone: each game's first lesson done by taps (its solution, from its
// book), a miss answered with what it missed and tried again, the progress kept
// over a reload and shown on the home page's card, and the lessons offered once on
// a first new game.
const fs = require('fs');
const path = require('path');
const { test, expect } = require('./helpers');

const book = (game) =>
  JSON.parse(fs.readFileSync(path.join(__dirname, '../../web/lessons', `${game}.json`), 'utf8'));

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

// Taps place at once (no confirming tap), so one tap is one action.
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const key = 'holdfast.settings';
    const s = JSON.parse(localStorage.getItem(key) || '{}');
    s.confirm_tap = false;
    s.confirm_mouse = false;
    localStorage.setItem(key, JSON.stringify(s));
  });
});

// The cells an action names, in order (`e2-e3`, `B:c3`, `c4`).
const cells = (action) => action.match(/[a-z]+\d+/g) || [];

async function tapCells(page, actions) {
  for (const action of actions) {
    for (const cell of cells(action)) {
      await page.locator(`.lesson [data-cell="${cell}"]`).tap();
    }
  }
}

for (const game of ['fortress', 'fort', 'citadel', 'island-wars', 'frontier']) {
  test(`${game}: the first lesson is done by taps and stays done after a reload`, async ({ page }) => {
    const first = book(game).lessons[0];
    await page.goto('./');
    await page.locator(`[data-action="learn"][data-game="${game}"]`).tap();
    await expect(page.locator(`[data-learn="${game}"] [data-lessons-done]`)).toHaveAttribute('data-lessons-done', '0');
    await page.locator(`[data-lesson="${first.id}"]`).tap();
    await expect(page).toHaveURL(new RegExp(`#learn/${game}/${first.id}$`));
    const task = page.locator('[data-lesson-task]');
    await expect(task).not.toBeEmpty();
    // The goal's cells are ringed on the board.
    const goalCells = first.goal.map((g) => Object.values(g)[0].cell).filter(Boolean);
    if (goalCells.length) {
      await expect(page.locator('.lesson [data-hint-mark]')).toHaveAttribute('data-hint-mark', goalCells.join(' '));
    }
    await tapCells(page, first.solution);
    await expect(page.locator('[data-lesson-done]')).toBeVisible();
    await page.reload();
    await page.goto(`./#learn/${game}`);
    await expect(page.locator(`[data-learn="${game}"] [data-lessons-done]`)).toHaveAttribute('data-lessons-done', '1');
    await expect(page.locator(`[data-lesson="${first.id}"]`)).toHaveClass(/done/);
    await page.goto('./#home');
    await expect(page.locator(`[data-card="${game}"] [data-learnt]`)).toHaveAttribute('data-learnt', '1');
  });
}

test('a miss says what it missed, and Try again starts the lesson over', async ({ page }) => {
  const first = book('fortress').lessons[0];
  await page.goto(`./#learn/fortress/${first.id}`);
  await expect(page.locator('[data-lesson-task]')).not.toBeEmpty();
  await tapCells(page, first.misses[0]);
  const missed = page.locator('[data-lesson-missed]');
  await expect(missed).toBeVisible();
  await expect(missed).toContainText('Not yet.');
  await page.locator('[data-action="lesson-again"]').tap();
  await expect(missed).toHaveCount(0);
  await tapCells(page, first.solution);
  await expect(page.locator('[data-lesson-done]')).toBeVisible();
  // Next goes to the second lesson.
  await page.locator('[data-action="lesson-next"]').tap();
  await expect(page).toHaveURL(new RegExp(`#learn/fortress/${book('fortress').lessons[1].id}$`));
});

test('a first new game of a game offers its lessons, once', async ({ page }) => {
  await page.goto('./');
  await page.locator('[data-action="new-game"][data-game="citadel"]').tap();
  const offer = page.locator('[data-lesson-offer]');
  await expect(offer).toBeVisible();
  await page.locator('[data-action="offer-learn"]').tap();
  await expect(page).toHaveURL(/#learn\/citadel$/);
  await page.goto('./');
  await page.locator('[data-action="new-game"][data-game="citadel"]').tap();
  await expect(page.locator('[data-action="start"]')).toBeVisible();
  await expect(offer).toHaveCount(0);
  // Another game still offers its own, and No, thanks ends it for good.
  await page.goto('./#new/fort');
  await expect(offer).toBeVisible();
  await page.locator('[data-action="offer-no"]').tap();
  await expect(offer).toHaveCount(0);
  await page.reload();
  await expect(page.locator('[data-action="start"]')).toBeVisible();
  await expect(offer).toHaveCount(0);
});

test('a puzzle: a wrong move is answered, the answer shown on request, then solved and kept', async ({ page }) => {
  const puzzles = book('fortress').puzzles;
  const p = puzzles[0];
  await page.goto('./#learn/fortress');
  await expect(page.locator('[data-puzzles-solved]')).toHaveAttribute('data-puzzles-solved', '0');
  await page.locator(`[data-lesson="${p.id}"]`).tap();
  await expect(page).toHaveURL(new RegExp(`#learn/fortress/${p.id}$`));
  // Another legal placement first: not the best.
  const wrong = await page.locator('.lesson [data-cell].legal, .lesson [data-cell][data-legal]').evaluateAll(
    (cells, answer) => cells.map((c) => c.getAttribute('data-cell')).find((c) => c !== answer),
    p.answer,
  );
  expect(wrong).toBeTruthy();
  await page.locator(`.lesson [data-cell="${wrong}"]`).tap();
  const missed = page.locator('[data-lesson-missed]');
  await expect(missed).toContainText('Not the best move here.');
  await page.locator('[data-action="puzzle-reveal"]').tap();
  await expect(page.locator('[data-puzzle-answer]')).toContainText(p.answer);
  await page.locator('[data-action="lesson-again"]').tap();
  await tapCells(page, [p.answer]);
  const done = page.locator('[data-lesson-done]');
  await expect(done).toContainText(p.line.slice(0, 3).join(', '));
  await page.reload();
  await page.goto('./#learn/fortress');
  await expect(page.locator('[data-puzzles-solved]')).toHaveAttribute('data-puzzles-solved', '1');
  await page.goto('./#home');
  await expect(page.locator('[data-card="fortress"] [data-solved]')).toHaveAttribute('data-solved', '1');
});

test('a lesson by the keyboard: arrows to the cell, Enter plays, the tick is announced', async ({ page }) => {
  const first = book('fortress').lessons[0];
  const target = first.solution[0];
  // The cell below the target: one ArrowUp away (rows count up the board).
  const below = `${target[0]}${Number(target.slice(1)) - 1}`;
  await page.goto(`./#learn/fortress/${first.id}`);
  await expect(page.locator('[data-lesson-task]')).not.toBeEmpty();
  await expect(page.locator('.lesson [data-cell][tabindex="0"]')).toHaveCount(1);
  // Focused after a key press, as Tab would focus it (keyboard.spec.js).
  await page.keyboard.press('Shift');
  await page.locator(`.lesson [data-cell="${below}"]`).focus();
  await page.keyboard.press('ArrowUp');
  await expect(page.locator(`.lesson [data-cell="${target}"]`)).toBeFocused();
  await page.keyboard.press('Enter');
  const done = page.locator('[data-lesson-done]');
  await expect(done).toBeVisible();
  await expect(done).toHaveAttribute('role', 'status');
  // Next is reached by the keyboard too.
  const next = page.locator('[data-action="lesson-next"]');
  await next.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`#learn/fortress/${book('fortress').lessons[1].id}$`));
});

test('the swap lesson: after Swap colours, the first piece is the learner\'s', async ({ page }) => {
  await page.goto('./#learn/fortress/swap');
  await expect(page.locator('.seat[data-seat="1"] .seat-name')).toHaveText('You');
  await page.locator('[data-action="swap"]').tap();
  await expect(page.locator('[data-lesson-done]')).toBeVisible();
  // The colours traded: "You" now names the first seat, whose piece is on c3.
  await expect(page.locator('.seat[data-seat="0"] .seat-name')).toHaveText('You');
  await expect(page.locator('.seat[data-seat="0"] .seat-score')).not.toHaveText('0');
});
