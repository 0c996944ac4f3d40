// Steps the end-to-end tests share.

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

module.exports = { peopleOnly, quickComputer };
