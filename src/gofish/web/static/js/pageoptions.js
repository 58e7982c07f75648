// The page's options in its address, for tests and demos: ?seed=N (the deal), ?speed=S
// (animations S times as long; 0: none) and ?pace=S (seconds a bot takes a move). Typed or
// edited by hand, a value may not be one: "?pace=10" had every deal and every reload at a
// table refused, "?speed=1e9" froze the table, "?seed=" dealt game 0. Such a value is
// ignored and dropped from the address, so the address says what the page does.

const MAX_SEED = Number.MAX_SAFE_INTEGER; // the server takes up to 2**63; a page's number ends here
const MAX_SPEED = 10;
const MAX_PACE = 5; // as the server takes it (gofish.web.messages.MAX_PAGE_PACE)

const DIGITS = /^\d{1,16}$/;
const DECIMAL = /^(\d{1,6}(\.\d{0,6})?|\.\d{1,6})$/;

const OPTIONS = {
  seed: (text) => (DIGITS.test(text) && Number(text) <= MAX_SEED ? Number(text) : null),
  speed: (text) => decimalUpTo(text, MAX_SPEED),
  pace: (text) => decimalUpTo(text, MAX_PACE),
};

function decimalUpTo(text, most) {
  return DECIMAL.test(text) && Number(text) <= most ? Number(text) : null;
}

/** ``{ seed, speed, pace }``: those the address gives usable values, no others. */
export function pageOptions() {
  const url = new URL(window.location.href);
  const options = {};
  for (const [name, read] of Object.entries(OPTIONS)) {
    if (!url.searchParams.has(name)) continue;
    const value = read(url.searchParams.get(name));
    if (value === null) url.searchParams.delete(name);
    else options[name] = value;
  }
  if (url.href !== window.location.href) history.replaceState(history.state, '', url);
  return options;
}
