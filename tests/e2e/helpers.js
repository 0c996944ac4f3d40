// Steps the end-to-end tests share.

// New games default to you against the computer: makes every seat a person.
async function peopleOnly(page) {
  for (const seat of await page.locator('[data-seat-player]').all()) {
    await seat.selectOption('person');
  }
}

// Turns on "Quick computer" before the app loads: a computer's move appears as soon
// as it is found (games against the computer then take seconds, not minutes).
async function quickComputer(page) {
  await page.addInitScript(() => {
    const key = 'holdfast.settings';
    const s = JSON.parse(localStorage.getItem(key) || '{}');
    s.quick_computer = true;
    localStorage.setItem(key, JSON.stringify(s));
  });
}

module.exports = { peopleOnly, quickComputer };
