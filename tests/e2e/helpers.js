// Steps the end-to-end tests share, and the `test` every spec uses: Playwright's,
// with a watch on the page's Content-Security-Policy. Every page of a test's browser
// context reports each violation (the browser's securitypolicyviolation event) and
// each console message of one ("Refused to ..."), and the test fails on any.
const base = require('@playwright/test');

// Reports every Content-Security-Policy violation in `context`'s pages into
// `violations` (the browser's event, and the console's "Refused to ..." lines).
async function watchCsp(context, violations) {
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'}`);
    });
  });
  context.on('console', (msg) => {
    const text = msg.text();
    if (text.startsWith('CSP violation') || /Content Security Policy/.test(text)) {
      violations.push(text);
    }
  });
}

const test = base.test.extend({
  // The violations seen so far: a test that provokes one on purpose takes it out.
  cspViolations: async ({}, use) => {
    await use([]);
  },
  context: async ({ context, cspViolations: violations }, use) => {
    // Playwright's clicks are a mouse's: the tests play as a player who asked for
    // clicks to be confirmed too (a finger's taps are, by default), so a placement
    // takes two clicks as it takes two taps. A test can set it back.
    await context.addInitScript(() => {
      const key = 'holdfast.settings';
      const s = JSON.parse(localStorage.getItem(key) || '{}');
      if (s.confirm_mouse === undefined) {
        s.confirm_mouse = true;
        localStorage.setItem(key, JSON.stringify(s));
      }
    });
    await watchCsp(context, violations);
    await use(context);
    base.expect(violations, 'Content-Security-Policy violations').toEqual([]);
  },
});

// New games default to you against the computer: makes every seat a person.
async function peopleOnly(page) {
  for (const seat of await page.locator('[data-seat-player]').all()) {
    await seat.selectOption('person');
  }
}

// Sets "Quick computer" before the app loads (on by default here): a computer's move
// appears as soon as it is found (games against the computer then take seconds, not
// minutes); off, it waits for the pace. The last call made for a page wins.
async function quickComputer(page, on = true) {
  await page.addInitScript((quick) => {
    const key = 'holdfast.settings';
    const s = JSON.parse(localStorage.getItem(key) || '{}');
    s.quick_computer = quick;
    localStorage.setItem(key, JSON.stringify(s));
  }, on);
}

// Holds back every search's final answer in the page (the worker's progress still
// comes), so that a computer thinks until the test has seen what it wants to see:
// "Move now", a tap refused while it thinks. Nothing depends on how long a search
// takes on a busy machine. (The answers held are dropped: their worker has ended.)
async function holdAnswers(page) {
  await page.addInitScript(() => {
    const Real = window.Worker;
    window.__heldAnswers = [];
    window.Worker = class extends Real {
      set onmessage(f) {
        super.onmessage = f && (e => {
          if (typeof e.data === 'string' && e.data.includes('"Done"')) {
            window.__heldAnswers.push(() => f(e));
          } else {
            f(e);
          }
        });
      }
      get onmessage() {
        return super.onmessage;
      }
    };
  });
}

// Two devices for play by link: two fresh browser contexts on a tablet's screen,
// clicks playing at once (no confirm-tap), with the steps such a test takes on
// either: play a cell (and see it taken), open a link's fragment as a fresh visit,
// and close both.
async function twoDevices(browser, baseURL, count = 2) {
  const opts = { viewport: { width: 768, height: 1024 }, hasTouch: true };
  const contexts = [];
  for (let i = 0; i < count; i++) contexts.push(await browser.newContext(opts));
  const violations = [];
  for (const ctx of contexts) {
    await ctx.addInitScript(() => localStorage.setItem('holdfast.settings', JSON.stringify({ confirm_mouse: false })));
    await watchCsp(ctx, violations);
  }
  const pages = [];
  for (const ctx of contexts) pages.push(await ctx.newPage());
  const [a, b, c] = pages;
  return {
    a,
    b,
    c,
    play: async (page, c) => {
      await page.locator(`[data-cell="${c}"]`).click();
      await base.expect(page.locator(`[data-cell="${c}"]`)).not.toHaveAttribute('aria-label', new RegExp(`^${c}: empty`));
    },
    open: async (page, fragment) => {
      await page.goto('about:blank');
      await page.goto(baseURL + fragment);
    },
    close: async () => {
      for (const ctx of contexts) await ctx.close();
      base.expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
  };
}

module.exports = { twoDevices, test, expect: base.expect, peopleOnly, quickComputer, holdAnswers };
