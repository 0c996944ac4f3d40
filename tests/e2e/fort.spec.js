// Fort end to end: turns by tapping (steps, a claim, a step taken back, spawns), a reload.
const { test, expect, peopleOnly } = require('./helpers');

const cell = (page, name) => page.locator(`[data-cell="${name}"]`);

async function newFort(page) {
  await page.goto('./');
  await page.locator('[data-action="new-game"][data-game="fort"]').click();
  await peopleOnly(page);
  await page.locator('[data-action="start"]').click();
  await expect(page.locator('[data-status]')).toContainText('Orange: step 1 of 3');
}

// A spawn ends the turn: with confirm-tap on it takes two taps.
async function spawn(page, name) {
  await cell(page, name).click();
  await expect(page.locator('[data-tap-message]')).toContainText(`Tap ${name} again`);
  await cell(page, name).click();
}

async function step(page, from, to) {
  await cell(page, from).click();
  await expect(cell(page, from)).toHaveAttribute('aria-label', /selected/);
  await cell(page, to).click();
}

test.beforeEach(async ({ page }) => {
  page.on('pageerror', (e) => { throw e; });
});

test('three turns by tapping, with a claim and a step taken back; a reload keeps the game', async ({ page }) => {
  await newFort(page);
  await expect(cell(page, 'e2')).toHaveAttribute('aria-label', /you can spawn here/);
  await spawn(page, 'e2');
  await expect(page.locator('[data-status]')).toContainText('Blue: step 1 of 3');
  await spawn(page, 'f7');
  await expect(page.locator('.moves .move')).toHaveCount(2);

  // Orange: spawn d1 would be the plain move; first a step, taken back, then a claim.
  await spawn(page, 'd1');
  await spawn(page, 'f8');
  await step(page, 'e2', 'e3');
  await expect(page.locator('[data-step-counter]')).toContainText('Step 2 of 3');
  await expect(cell(page, 'e3')).toHaveAttribute('aria-label', /Orange's dot/);
  // A reload in the middle of the turn comes back to the step made.
  await page.reload();
  await expect(page.locator('[data-step-counter]')).toContainText('Step 2 of 3');
  await expect(cell(page, 'e3')).toHaveAttribute('aria-label', /Orange's dot/);
  await page.locator('[data-action="undo"]').click(); // take back the step
  await expect(cell(page, 'e2')).toHaveAttribute('aria-label', /Orange's dot/);
  await expect(cell(page, 'e3')).toHaveAttribute('aria-label', /^e3: empty/);
  await expect(page.locator('[data-step-counter]')).toContainText('Step 1 of 3');

  // The claim: e2 onto d1 makes a fort on d1, marked as a claim before the tap.
  await cell(page, 'e2').click();
  await expect(cell(page, 'd1')).toHaveAttribute('aria-label', /can claim here/);
  await cell(page, 'd1').click();
  await expect(cell(page, 'd1')).toHaveAttribute('aria-label', /Orange's fort/);
  await spawn(page, 'e2');
  await expect(page.locator('.moves .move').last()).toHaveText(/e2-d1 @e2/);

  // An illegal tap says why.
  await cell(page, 'a1').click();
  await expect(page.locator('[data-tap-message]')).toContainText('spawn must be next to one of your forts');

  const labels = await page.locator('[data-cell]').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
  await page.reload();
  await expect(page.locator('[data-status]')).toContainText('Blue: step 1 of 3');
  const after = await page.locator('[data-cell]').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
  expect(after).toEqual(labels);
  await expect(page.locator('.moves .move')).toHaveCount(5);
});

test('counting ends the game with the count', async ({ page }) => {
  await newFort(page);
  await spawn(page, 'e2');
  await spawn(page, 'f7');
  await page.locator('[data-action="count"]').click();
  await expect(page.locator('[data-offer="count"]')).toContainText('do you accept');
  await page.locator('[data-action="accept-count"]').click();
  await expect(page.locator('[data-game-over]')).toContainText('Count accepted');
  await expect(page.locator('[data-score-seat="0"]')).toHaveText('2');
  await expect(page.locator('[data-score-seat="1"]')).toHaveText('2');
});
