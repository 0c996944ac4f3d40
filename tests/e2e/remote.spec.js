// Play by link: two browsers play one Fortress game (two moves each), each seat on its
// own device. After a move the app offers to send the game to the device whose turn
// it is; opening the link there shows the move and lets that seat answer; the board
// refuses taps while the other device has the turn; the end goes back the same way.
const { test, expect, twoDevices } = require('./helpers');

// "Send the link": the share sheet where there is one, else the link is copied and
// shown in the share panel.
const send = async (page) => {
  await page.locator('[data-action="send-link"]').click();
  const l = await page.locator('[data-share-link]').inputValue();
  return l.slice(l.indexOf('#'));
};

test('two devices play a whole game by sending links', async ({ browser, baseURL }) => {
  const { a, b, play, open, close } = await twoDevices(browser, baseURL);
  // A game as Bo would send it, Bo (seat 1) on their device and seat 0 elsewhere:
  // opened here, Ann plays seat 0 here and Bo's seat is the other device.
  const record = {
    game: 'fortress', setup: { map: 'classic', players: 2, moves_each: 2 }, moves: [],
    names: ['Ann', 'Bo'], seats: ['remote', 'person'], id: 'e2e-by-link',
  };
  await a.goto(baseURL + '#record=' + encodeURIComponent(JSON.stringify(record)));
  await expect(a.locator('[data-status]')).toContainText('Ann to move');
  await expect(a.locator('[data-send-move]')).toHaveCount(0);
  await play(a, 'c3');
  await expect(a.locator('[data-send-move]')).toContainText('Bo plays next, on another device');
  // Bo's turn is not played here.
  await a.locator('[data-cell="d4"]').click();
  await expect(a.locator('[data-tap-message]')).toContainText('played on another device');
  await expect(a.locator('[data-cell="d4"]')).toHaveAttribute('aria-label', /^d4: empty/);
  let link = await send(a);

  await open(b, link);
  await expect(b.locator('[data-notice]')).toContainText('Opened a shared game');
  await expect(b.locator('.moves .move')).toHaveCount(1);
  await expect(b.locator('[data-status]')).toContainText('Bo to move');
  await play(b, 'd4');
  await expect(b.locator('[data-send-move]')).toContainText('Ann plays next');
  link = await send(b);

  await open(a, link);
  await expect(a.locator('[data-notice]')).toContainText('brought up to date: 1 move');
  await play(a, 'b2');
  link = await send(a);
  await open(b, link);
  await expect(b.locator('[data-notice]')).toContainText('brought up to date: 1 move');
  await play(b, 'e5');
  // The last move ends the game: the final position goes back too.
  await expect(b.locator('[data-game-over]')).toBeVisible();
  await expect(b.locator('[data-send-move]')).toContainText('Send the final position');
  link = await send(b);
  await open(a, link);
  await expect(a.locator('[data-game-over]')).toBeVisible();
  await expect(a.locator('.moves .move')).toHaveCount(4);
  await a.goto(baseURL + '#home');
  await expect(a.locator('[data-saved-game]')).toHaveCount(1);
  await close();
});

// Fort by link: turns of steps and a spawn; an offer to count travels to the other
// device, is declined there and the answer travels back; the next offer is accepted
// there, and the count ends the game on both devices.
test('two devices play a whole Fort game by links, a count declined, then agreed', async ({ browser, baseURL }) => {
  const { a, b, play, open, close } = await twoDevices(browser, baseURL);
  const cell = (page, c) => page.locator(`[data-cell="${c}"]`);
  const step = async (page, from, to) => {
    await cell(page, from).click();
    await expect(cell(page, from)).toHaveAttribute('aria-label', /selected/);
    await cell(page, to).click();
    await expect(cell(page, from)).toHaveAttribute('aria-label', /^\w+: empty/);
  };
  const record = {
    game: 'fort', moves: [], names: ['Ann', 'Bo'], seats: ['remote', 'person'], id: 'e2e-fort-by-link',
  };
  await a.goto(baseURL + '#record=' + encodeURIComponent(JSON.stringify(record)));
  await expect(a.locator('[data-status]')).toContainText('Ann: step 1 of 3');
  await play(a, 'e2');
  await expect(a.locator('[data-send-move]')).toContainText('Bo plays next, on another device');
  await open(b, await send(a));
  // The move sent is the one marked on arrival.
  await expect(cell(b, 'e2')).toHaveClass(/last/);
  await play(b, 'f7');
  await open(a, await send(b));
  await expect(a.locator('[data-notice]')).toContainText('brought up to date: 1 move');
  await expect(cell(a, 'f7')).toHaveClass(/last/);
  await step(a, 'e2', 'e3');
  await play(a, 'd1');
  await expect(a.locator('.moves .move').last()).toContainText('e2-e3 @d1');
  await open(b, await send(a));

  // Bo offers to count: the answer is Ann's, on her device, and Bo waits for it.
  await b.locator('[data-action="count"]').click();
  await expect(b.locator('[data-offer="count"]')).toContainText('Bo offers to count; Ann answers on another device');
  await expect(b.locator('[data-action="accept-count"]')).toHaveCount(0);
  await expect(b.locator('[data-send-move]')).toContainText('Ann answers your offer');
  await cell(b, 'f8').click();
  await expect(b.locator('[data-tap-message]')).toContainText('answers your offer on another device');
  await open(a, await send(b));
  await expect(a.locator('[data-notice]')).toContainText('makes an offer');
  await expect(a.locator('[data-offer="count"]')).toContainText('Ann, do you accept?');
  await expect(a.locator('[data-send-move]')).toHaveCount(0);
  // Undo cannot take back Bo's offer here, only Ann's own answer.
  await expect(a.locator('[data-action="undo"]')).toBeDisabled();
  await a.locator('[data-action="decline"]').click();
  await expect(a.locator('[data-action="undo"]')).toBeEnabled();
  await expect(a.locator('[data-offer="count"]')).toContainText('Ann declined to count. Bo plays on.');
  await expect(a.locator('[data-send-move]')).toContainText('Bo plays next');
  await open(b, await send(a));
  await expect(b.locator('[data-notice]')).toContainText('declined');
  await expect(b.locator('[data-action="count"]')).toHaveCount(0);
  await step(b, 'f7', 'f6');
  await play(b, 'e9');
  await expect(b.locator('[data-offer="count"]')).toHaveCount(0);
  await open(a, await send(b));

  // Ann offers; Bo accepts on his device; the count ends the game on both.
  await a.locator('[data-action="count"]').click();
  await open(b, await send(a));
  await b.locator('[data-action="accept-count"]').click();
  await expect(b.locator('[data-game-over]')).toContainText('Count accepted');
  await expect(b.locator('[data-send-move]')).toContainText('Send the final position');
  await open(a, await send(b));
  await expect(a.locator('[data-game-over]')).toContainText('Count accepted');
  await expect(a.locator('.moves .move')).toHaveCount(5);
  for (const page of [a, b]) {
    await page.goto(baseURL + '#home');
    await expect(page.locator('[data-saved-game]')).toHaveCount(1);
  }
  await close();
});

// Three devices, one seat each: the first open of a link plays the seat to move
// and asks about the others; the game goes round and each device keeps its seats.
test('three devices play a game round by links, each its own seat', async ({ browser, baseURL }) => {
  const { a, b, c, play, open, close } = await twoDevices(browser, baseURL, 3);
  const record = {
    game: 'fortress', setup: { map: 'classic', players: 3, moves_each: 1 }, moves: [],
    names: ['Ann', 'Bo', 'Cy'], id: 'e2e-three-devices',
  };
  // A game handed out with every seat on another device: Ann's, the first to move,
  // is played here.
  await a.goto(baseURL + '#record=' + encodeURIComponent(JSON.stringify({ ...record, seats: ['remote', 'remote', 'remote'] })));
  await expect(a.locator('[data-choose-seats]')).toBeVisible();
  await expect(a.locator('[data-seat-here="0"]')).toHaveAttribute('aria-pressed', 'true');
  await a.locator('[data-seat-here="0"]').click();
  await a.locator('[data-seat-here="0"]').click();
  await expect(a.locator('[data-seat-here="0"]')).toContainText('Ann: here');
  await a.locator('[data-action="seats-done"]').click();
  await expect(a.locator('[data-choose-seats]')).toHaveCount(0);
  await play(a, 'c3');
  await expect(a.locator('[data-send-move]')).toContainText('Bo plays next');
  await open(b, await send(a));
  await expect(b.locator('[data-choose-seats]')).toBeVisible();
  await expect(b.locator('[data-seat-here="1"]')).toContainText('Bo: here');
  await expect(b.locator('[data-seat-here="2"]')).toContainText('Cy: elsewhere');
  await b.locator('[data-action="seats-done"]').click();
  await play(b, 'd4');
  await expect(b.locator('[data-send-move]')).toContainText('Cy plays next');
  await open(c, await send(b));
  await expect(c.locator('[data-seat-here="2"]')).toContainText('Cy: here');
  await expect(c.locator('[data-seat-here="0"]')).toContainText('Ann: elsewhere');
  await play(c, 'b2');
  await expect(c.locator('[data-game-over]')).toBeVisible();
  const last = await send(c);
  for (const page of [a, b]) {
    await open(page, last);
    await expect(page.locator('[data-notice]')).toContainText('brought up to date');
    await expect(page.locator('[data-game-over]')).toBeVisible();
    await expect(page.locator('[data-choose-seats]')).toHaveCount(0);
  }
  await close();
});

test('where the browser has a share sheet, Send the link opens it with the game', async ({ page }) => {
  // A share sheet of our own (headless Chromium has none): it records what it is given.
  await page.addInitScript(() => {
    navigator.share = (data) => {
      window.sharedData = data;
      return Promise.resolve();
    };
    localStorage.setItem('holdfast.settings', JSON.stringify({ confirm_mouse: false }));
  });
  const record = {
    game: 'fortress', setup: { map: 'classic', players: 2 }, moves: [],
    names: ['Ann', 'Bo'], seats: ['remote', 'person'], id: 'e2e-share-sheet',
  };
  await page.goto('./#record=' + encodeURIComponent(JSON.stringify(record)));
  await page.locator('[data-cell="c3"]').click();
  await page.locator('[data-action="send-link"]').click();
  const shared = await page.waitForFunction(() => window.sharedData).then((h) => h.jsonValue());
  expect(shared.url).toMatch(/#c=/);
  expect(shared.title).toContain('Fortress');
  // The sheet took it: no copy and no share panel.
  await expect(page.locator('[data-share-link]')).toHaveCount(0);
});
