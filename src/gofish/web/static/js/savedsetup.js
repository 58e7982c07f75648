// The start form as the player last sent it, kept in this browser's storage. Read back, it
// may have been edited by hand (or written by an older page): each part the form does not
// offer is dropped, and forgotten, so the form shows its own default there and Deal sends
// what the server takes. A value of another shape cost the whole start screen, or had every
// reload at a table refused for its pace.

import { nameProblem } from './names.js';
import { setupProblem } from './startcheck.js';

const SETUP_KEY = 'gofish.setup';
export const DEFAULT_OPPONENTS = ['emma', 'random'];
// The bots' pace the start form offers, in seconds a move, with its words.
export const PACES = [['2.2', 'take their time'], ['1.4', 'play at a normal pace'], ['0.6', 'play fast']];

/** The opponent the form offers at seat ``index`` (0: the first opponent) by default. */
export function defaultOpponent(index) {
  return DEFAULT_OPPONENTS[index % 2];
}

/** Keep ``setup`` for the next visit; storage refused (full, or turned off) keeps nothing. */
export function rememberSetup(setup) {
  try {
    localStorage.setItem(SETUP_KEY, JSON.stringify(setup));
  } catch {
    // the form's defaults next time: no reason to stop this deal
  }
}

/** The saved setup, each part checked against ``choices`` (/api/setup); null if none is. */
export function savedSetup(choices) {
  const stored = storedText();
  if (stored === null) return null;
  const setup = usableSetup(parsed(stored), choices);
  if (!setup) forgetSetup();
  else if (JSON.stringify(setup) !== stored) rememberSetup(setup); // what was dropped, forgotten
  return setup;
}

function storedText() {
  try {
    return localStorage.getItem(SETUP_KEY);
  } catch {
    return null; // storage refused: the form's defaults
  }
}

function forgetSetup() {
  try {
    localStorage.removeItem(SETUP_KEY);
  } catch {
    // storage refused: nothing was read from it either
  }
}

function parsed(text) {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

const isRecord = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The parts of ``saved`` the form offers, in the order the form writes them; null if none. */
function usableSetup(saved, choices) {
  if (!isRecord(saved)) return null;
  const setup = { type: 'start' };
  if (typeof saved.preset === 'string' && Object.hasOwn(choices.presets, saved.preset)) setup.preset = saved.preset;
  if (isPlayerCount(saved.players, choices)) setup.players = saved.players;
  const options = usableOptions(saved.options, setup, choices);
  if (options) setup.options = options;
  if (Array.isArray(saved.opponents)) setup.opponents = usableOpponents(saved.opponents, choices);
  if (typeof saved.name === 'string' && !nameProblem(saved.name)) setup.name = saved.name;
  if (PACES.some(([value]) => Number(value) === saved.pace)) setup.pace = saved.pace;
  return holdsAChoice(setup) ? setup : null;
}

// The form writes ``type`` and ``options`` every time: alone they keep nothing of the player's.
function holdsAChoice({ type, options, ...chosen }) {
  return Object.keys(chosen).length > 0 || Object.keys(options || {}).length > 0;
}

function isPlayerCount(value, choices) {
  return Number.isInteger(value) && value >= choices.players.min && value <= choices.players.max;
}

/** A bot and its options as a spec the server reads: ``expert:epsilon=0.3``. */
export function joinSpec(bot, options) {
  return [bot, ...Object.entries(options).map(([key, value]) => `${key}=${value}`)].join(':');
}

/** ``spec``'s bot and its options (``expert:epsilon=0.3``); a part without "=" is dropped. */
export function splitSpec(spec) {
  const [bot, ...pairs] = spec.split(':');
  const options = {};
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at > 0) options[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return { bot, options };
}

/**
 * A bot that is no longer offered (or no bot name) gives way to the seat's default; of its
 * options, those the bot no longer takes are dropped. A value is kept as written: the
 * server says on the form what is wrong with it (a value a knob's number box cannot
 * hold comes back in a text box: see keepValueUnread in app.js).
 */
function usableOpponents(opponents, choices) {
  return opponents.slice(0, choices.players.max - 1).map((spec, index) => {
    const given = typeof spec === 'string' ? splitSpec(spec) : null;
    const offered = given && choices.bots.find((bot) => bot.name === given.bot);
    if (!offered) return defaultOpponent(index);
    const taken = new Set((offered.options || []).map((option) => option.name));
    const options = Object.fromEntries(Object.entries(given.options).filter(([key]) => taken.has(key)));
    return joinSpec(offered.name, options);
  });
}

// In the order the form writes them, so a setup it wrote reads back unchanged.
const OPTION_NAMES = ['refill', 'end', 'ask', 'lucky_draw', 'hand_size', 'book_size'];

/**
 * The house rules of ``saved`` each among the form's choices, or none if together they
 * cannot be dealt (the form's own check) for the setup's preset and players.
 */
function usableOptions(saved, setup, choices) {
  if (!isRecord(saved)) return null;
  const options = {};
  for (const name of OPTION_NAMES) {
    if (isOffered(name, saved[name], choices)) options[name] = saved[name];
  }
  const preset = setup.preset || 'classic';
  const dealt = { preset, players: setup.players || choices.players.min, options, name: 'You' };
  return setupProblem(dealt, choices.presets[preset]) ? null : options;
}

// Cards dealt is a number box: its range is the form's check (setupProblem).
function isOffered(name, value, choices) {
  return name === 'hand_size' ? Number.isInteger(value) : choices.options[name].includes(value);
}
