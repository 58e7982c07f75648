// What the start form would deal that the engine refuses, found before Deal is pressed and
// said in the form's own words: the server's refusal names its option codes ("refill
// 'none' needs end 'first-empty'"), which the form shows nowhere.

import { capitalised, pondWord } from './cards.js';
import { nameTooLong } from './names.js';

const DECK = 52;
const MOST_DEALT = 13;

/** The most cards each of ``players`` can be dealt from one deck. */
export function mostDealt(players) {
  return Math.min(MOST_DEALT, Math.floor(DECK / players));
}

/**
 * Why the form's ``setup`` cannot be dealt, or null: ``{ fields, note, text }``, the names
 * of the controls at fault (the first to focus), the field whose note takes the words,
 * and the words. ``preset`` is the preset's own rules, which "as the preset plays it" keeps.
 */
export function setupProblem(setup, preset) {
  return refillProblem(setup, preset) || dealProblem(setup, preset) || nameProblem(setup);
}

// The server would cut a longer name short; the box counts as it does (names.js).
function nameProblem({ name }) {
  const problem = nameTooLong(name);
  if (!problem) return null;
  return { fields: ['name'], note: 'name', text: `Your name: ${problem}.` };
}

// With no refill an emptied hand never plays again, so such a game must stop at the
// first empty hand: played until every book is down it could not go on.
function refillProblem({ preset: name, options }, preset) {
  const refill = options.refill || preset.refill;
  const end = options.end || preset.end;
  if (options.refill && refill !== 'none' && end === 'first-empty') return refillNeverActs(name, options);
  if (refill !== 'none' || end !== 'all-books') return null;
  const firstEmpty = `“Game ends: at the first empty hand or ${pondWord(name)}”`;
  if (options.refill) {
    return {
      fields: ['refill', 'end'], note: 'end',
      text: `No refill needs the game to end at the first empty hand or ${pondWord(name)}: a player whose hand runs out could never play again before all books are down. Choose ${firstEmpty}, or another “Empty hand”.`,
    };
  }
  return {
    fields: ['end', 'refill'], note: 'end',
    text: `${capitalised(name)} draws no new cards for an empty hand, so its game cannot go on until all books are down: a player whose hand runs out could never play again. Choose a refill under “Empty hand”, or ${firstEmpty}.`,
  };
}

// R19: a game that ends at the first empty hand ends before any refill, so a refill
// chosen for it would be shown and stored but never play (as the command line says too).
function refillNeverActs(name, options) {
  const ending = options.end ? 'This game ends' : `${capitalised(name)} ends`;
  return {
    fields: ['refill', 'end'], note: 'end',
    text: `${ending} at the first empty hand or ${pondWord(name)}, so no hand is ever refilled: the “Empty hand” chosen would never happen. Choose “Game ends: when all books are down” to play on with refills, or leave “Empty hand” as the preset plays it.`,
  };
}

// ``hand_size`` is NaN for what the number box could not read ("5e", "--3") and for what
// is not in digits alone ("1e1", which the box reads as 10).
function dealProblem({ preset: name, players, options }, preset) {
  const size = options.hand_size;
  if (size === undefined) return null;
  const problem = (text, fields = ['hand_size']) => ({ fields, note: 'hand_size', text });
  if (Number.isNaN(size)) {
    return problem(`Cards dealt must be a whole number from 1 to ${MOST_DEALT}, written in digits alone.`);
  }
  if (!Number.isInteger(size) || size < 1 || size > MOST_DEALT) {
    return problem(`Cards dealt must be a whole number from 1 to ${MOST_DEALT}.`);
  }
  if (size > mostDealt(players)) {
    return problem(`Cards dealt: ${players} players can be dealt at most ${mostDealt(players)} cards each, as the deck holds ${DECK}; ${size} each would take ${players * size}.`);
  }
  // R19: a game that ends at an empty pond would be over at the deal, before any ask.
  if (players * size !== DECK || (options.end || preset.end) !== 'first-empty') return null;
  const allBooks = '“Game ends: when all books are down”';
  const otherEnd = (options.refill || preset.refill) === 'none'
    ? `a refill under “Empty hand” and ${allBooks}` : allBooks;
  return problem(`Cards dealt: ${size} each to ${players} players is the whole deck, and a game that ends at the first empty hand or ${pondWord(name)} would be over before anyone asked. Deal fewer cards, or choose ${otherEnd}.`, ['hand_size', 'end']);
}
