// The page: start screen, live table, result, help, history, stats and replays.
// Pages are sections of index.html shown by the address's #fragment.

import { $, $$, el, fill, getJSON, sayIfChanged, sleep } from './dom.js';
import { knobRow } from './knobs.js';
import { Table } from './table.js';
import { cardFace, cardsInWords, counted, namesInWords, pondWord, setsName } from './cards.js';
import { changedNote, noReplay, showHistory, showReplay } from './history.js';
import { showStats } from './stats.js';
import { mostDealt, setupProblem } from './startcheck.js';
import { claimGame, onGameClaimed } from './tabs.js';
import { defaultOpponent, joinSpec, PACES, rememberSetup, savedSetup, splitSpec } from './savedsetup.js';
import { pageOptions } from './pageoptions.js';

const { speed: SPEED = 1, seed: SEED = null, pace: PACE = null } = pageOptions();
const PAGE_ID = pageId();
const GIVEN_WAY = 4409; // the close of a socket whose game a newer socket of this tab's id took
const TOO_MANY_MESSAGES = 4429; // the close of a socket that sent more than the server takes

let choices = null;
let socket = null;
let connecting = null; // the socket being opened, shared by clicks made meanwhile
let table = null;
let lastSetup = null;
let lastHelp = null;
let lastGameId = null;
let tableOver = false; // the server has said the table's game is over
let pendingStart = null;
// The game this tab played over a socket it lost: the server may hold that socket half open
// (a network drop), and a deal takes its place when the address is at its limit.
let lostGameId = null;
let routes = 0; // the addresses taken so far
let listingsAsked = 0; // an answer to an older listing is dropped
let listedWithTheForm = false; // during main()'s route(): the form came listed, not read twice
let listedGames = new Map(); // the start screen's games to go on with, by id, as last listed
// Each address taken and each page shown: a start screen waiting for its list gives way to them.
let screensAsked = 0;
// How long the start screen waits for its list before it shows without it: a slow server
// must not hold the page, however much the list would move the form once it came.
const LIST_WAIT_MS = 1500;
const LATE = Symbol('the list was not read in LIST_WAIT_MS');

// ------------------------------------------------------------ announcements

const announcer = $('#announcer');
export function announce(text) {
  announcer.append(el('p', { text: cardsInWords(text) }));
  while (announcer.children.length > 6) announcer.firstElementChild.remove();
}

// ------------------------------------------------------------ pages

function showPage(name) {
  screensAsked += 1;
  for (const page of $$('main > section.page')) page.hidden = page.id !== `page-${name}`;
  document.title = name === 'play' && table ? table.title() : 'Go Fish';
  for (const link of $$('nav a')) {
    if (link.dataset.page === name) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
}

// The pages an address (#/page/…) may name, each with how many parts may follow its name
// (#/replay/12: one); the rest lead to the start screen, saying so.
const PAGES = { '': 0, play: 1, history: 0, stats: 0, replay: 1, help: 1, resume: 1 };

/** Whether an address, split at its slashes, names no page: an unknown name, or more after
 *  it than its page takes ("#/replay/1/extra" showed game 1, "#/stats/foo" the stats). */
function namesNoPage(page, parts) {
  if (!Object.hasOwn(PAGES, page)) return true;
  if (page === 'help' && parts.length === 1) return parts[0] !== 'new'; // the form's rules
  return parts.length > PAGES[page];
}

async function route() {
  const firstLoad = (routes += 1) === 1; // the page's own load: the focus is the browser's
  const hash = window.location.hash.replace(/^#\/?/, '');
  const [page, ...parts] = hash.replace(/\/$/, '').split('/'); // "#/history/" is the history
  const arg = parts[0];
  const noPage = namesNoPage(page, parts);
  screensAsked += 1;
  // The result belongs to the table: leaving it (back button, a nav link) closes it,
  // or it would cover the next page and swallow every click.
  if (page !== 'play' || noPage) closeResult();
  startNotice(''); // a new address: what an earlier link went wrong with is old news
  forgetStartError();
  try {
    // A mistyped address showed the start screen with no word, and kept the address.
    if (noPage) return startNotice(`There is no page "#/${addressPart(hash)}": here is the start screen.`);
    if (page === 'play' && table && (!arg || arg === String(lastGameId))) return backToTable();
    if (page === 'play' && arg) return await openStored('revisit', arg); // a reload at a table
    if (page === 'history') { showPage('history'); await showHistory($('#page-history'), tableLink()); return focusTheHeading('history', firstLoad); }
    if (page === 'stats') { showPage('stats'); await showStats($('#page-stats'), tableLink()); return focusTheHeading('stats', firstLoad); }
    if (page === 'replay' && arg) { showPage('replay'); await replayOrWhyNot(arg); return focusTheHeading('replay', firstLoad); }
    if (page === 'help') { showPage('help'); await showHelp(arg === 'new'); return focusTheHeading('help', firstLoad); }
    if (page === 'resume' && arg) return await openStored('resume', arg);
    await showStartFromElsewhere(firstLoad);
  } catch (error) {
    // An alert, read out as it is written: the announcer said it a second time.
    fill($('main > section.page:not([hidden])') || $('#page-start'), el('p', { class: 'error', role: 'alert', text: String(error.message || error) }));
  }
  return null;
}

/** The replay of game ``arg`` of the address, or why there is none, with the way back. */
async function replayOrWhyNot(arg) {
  const page = $('#page-replay');
  try {
    await showReplay(page, gameNumber(arg));
  } catch (error) {
    noReplay(page, String(error.message || error));
  }
}

/** The number in an address like #/replay/12; words, not "NaN", for anything else. */
function gameNumber(text) {
  if (!/^[1-9]\d{0,14}$/.test(text)) throw new Error(`"${addressPart(text)}" is not a game number: games are numbered 1, 2, 3…`);
  return Number(text);
}

/** A piece of the address as typed, to quote back: "%zz" is not an error of its own. */
function addressPart(text) {
  let decoded = text;
  try {
    decoded = decodeURIComponent(text);
  } catch {
    // a stray % ("URI malformed" told the player nothing): quoted as it stands
  }
  return decoded.length > 24 ? `${decoded.slice(0, 24)}…` : decoded;
}

/**
 * Say something at the top of the start screen, where it is seen, and set the address
 * back to the start screen, so the same link clicked again tries again. '' clears it.
 */
async function startNotice(text, link = null) {
  const notice = $('#start-notice');
  if (!text) {
    if (notice) fill(notice);
    return;
  }
  const shown = showStart(); // it may wait for its list
  if (window.location.hash !== '#/') history.replaceState(null, '', '#/');
  // Said as the screen shows, before it is drawn: a notice filled in a hidden page is not
  // read out, and one filled later would move the form.
  if (!notice || !(await shown)) return;
  fill(notice, link ? [text, ' ', link] : text); // an alert: read out as it is written
  notice.scrollIntoView({ block: 'nearest' });
  // A game refused from the list went with the list read afresh, and the focus with its
  // link (or stayed on the page left: the history's Resume): Tab then started again at the
  // top of the page. The notice's way on takes it, else the form, where a game is dealt.
  if (focusLost()) (link || $(FORM_START))?.focus({ preventScroll: true });
}

// Where the keyboard starts on the start form: the rules chosen.
const FORM_START = '.start-form input[name="preset"]:checked';

/** The start screen, come to from another page: the focus, lost with the control that led
 *  here (the result's "Change the rules", the rules page's "Back"), goes to the form, where
 *  the next game is chosen: to a field it cannot deal with, if any ("Back to the house
 *  rules" from the rules of a game the form cannot deal). Not on the page's first load,
 *  which leaves it to the browser. */
async function showStartFromElsewhere(firstLoad) {
  if (!(await showStart()) || firstLoad || !focusLost()) return;
  const faulty = $('.start-form [aria-invalid="true"]');
  if (faulty) faulty.closest('details')?.setAttribute('open', '');
  (faulty || $(FORM_START))?.focus();
}

/**
 * The heading of page ``name``, once it is drawn, takes the focus lost with the link that
 * led there (a replay's "All games", the result's "Watch the replay"): Tab started again
 * at the top of the page, and a screen reader was left nowhere. Not on the page's first
 * load, nor once another page is asked for.
 */
function focusTheHeading(name, firstLoad) {
  const heading = $(`#page-${name}:not([hidden]) h1`);
  if (!heading || firstLoad || !focusLost()) return;
  heading.tabIndex = -1; // focusable by the page, not a stop of Tab's
  heading.focus();
}

/** Whether the keyboard focus went with what the player last used: it is on the page's
 *  body, or on a control hidden since (the result's "Play again", a page left). */
function focusLost() {
  const focused = document.activeElement;
  return !focused || focused === document.body || Boolean(focused.closest('[hidden]'));
}

// ------------------------------------------------------------ the start screen

function readSetup(form) {
  const data = new FormData(form);
  const players = Number(data.get('players'));
  const options = {};
  for (const name of ['refill', 'end', 'ask']) if (data.get(name)) options[name] = data.get(name);
  if (data.get('lucky_draw')) options.lucky_draw = data.get('lucky_draw') === 'true';
  // Digits alone: the number box reads "1e1" as 10 and "7.0" as 7, which the player may not
  // have meant (an "e" slipped in), and the server and the commands take no such count.
  if (data.get('hand_size')) options.hand_size = wholeNumber(data.get('hand_size'));
  // What the number box cannot read ("5e") it gives as empty: not the preset's deal.
  if (form.elements.hand_size?.validity.badInput) options.hand_size = NaN;
  if (data.get('pairs')) options.book_size = 2;
  const pace = Number(data.get('pace'));
  const opponents = [];
  for (let i = 1; i < players; i += 1) opponents.push(opponentSpec(form, data, i));
  const setup = { type: 'start', preset: data.get('preset'), players, options, opponents, name: data.get('name') || 'You' };
  if (pace > 0) setup.pace = pace;
  return setup;
}

/** The whole number ``text`` writes in digits alone; else NaN ("1e1", "7.0", "-0"). */
function wholeNumber(text) {
  return /^\d+$/.test(text) ? Number(text) : NaN;
}

/** Opponent ``seat``'s bot with the options given in its boxes (an empty box: the default). */
function opponentSpec(form, data, seat) {
  const bot = data.get(`opponent${seat}`) || defaultOpponent(seat - 1);
  const options = {};
  for (const input of $$(`.bot-options[data-seat="${seat}"] input`, form)) {
    if (input.value.trim()) options[input.dataset.option] = input.value.trim();
  }
  return joinSpec(bot, options);
}

function optionSelect(name, label, values, describe = (v) => v) {
  return el('label', { class: 'field' }, label,
    el('select', { name }, el('option', { value: '' }, 'as the preset plays it'),
      values.map((v) => el('option', { value: String(v) }, describe(v)))));
}

/** The house rules of the last game dealt (savedSetup kept only valid ones), shown open:
 *  the preset, players and opponents came back, and a rule left out would deal another game. */
function restoreHouseRules(form, options) {
  if (!options || Object.keys(options).length === 0) return;
  for (const name of ['lucky_draw', 'refill', 'end', 'ask', 'hand_size']) {
    if (name in options) form.elements[name].value = String(options[name]);
  }
  form.elements.pairs.checked = options.book_size === 2;
  $('.house-rules', form).open = true;
}

function opponentFields(container, players, saved) {
  const rows = [];
  for (let i = 1; i < players; i += 1) {
    const chosen = splitSpec(saved?.[i - 1] || defaultOpponent(i - 1));
    const select = el('select', { name: `opponent${i}`, id: `opponent${i}`, 'aria-describedby': `about-opponent${i}` },
      choices.bots.map((bot) => el('option', { value: bot.name, selected: chosen.bot === bot.name }, `${bot.display} (${bot.name})`)));
    const about = el('span', { class: 'bot-about', id: `about-opponent${i}` }, botAbout(select.value));
    const knobs = el('div', { class: 'bot-options', 'data-seat': String(i), role: 'group', 'aria-label': `Opponent ${i}'s options` });
    botOptionFields(knobs, i, select.value, chosen.options);
    select.addEventListener('change', () => {
      about.textContent = botAbout(select.value);
      botOptionFields(knobs, i, select.value, {}); // another bot: its own defaults
    });
    rows.push(el('div', { class: 'field' }, el('label', { for: `opponent${i}` }, `Opponent ${i}`), select, about, knobs));
  }
  fill(container, rows);
}

/**
 * A box for each option bot ``name`` takes (the server's list, with its words), filled
 * from ``values``; an empty box leaves the bot's default. The server checks the values
 * and the form says what it refused (refusedStart).
 */
function botOptionFields(box, seat, name, values) {
  const bot = choices.bots.find((each) => each.name === name);
  const rows = (bot?.options || []).map(({ name: option, description }) => {
    const { row, input } = knobRow(`opponent${seat}-${option}`, option, description, values[option],
      knobKind(description));
    keepValueUnread(input, values[option]);
    return row;
  });
  box.hidden = rows.length === 0;
  fill(box, rows);
}

// A knob whose words give its range, "chance (0 to 1) of…", as the registry writes it.
const KNOB_RANGE = /\((\d+(?:\.\d+)?) to (\d+(?:\.\d+)?)\)/;

/** A number box with the range its words give, so the browser steps within it; else text. */
function knobKind(description) {
  const range = KNOB_RANGE.exec(description);
  if (!range) return { type: 'text' };
  const [min, max] = [Number(range[1]), Number(range[2])];
  return { type: 'number', min: range[1], max: range[2], step: String((max - min) / 20), inputmode: 'decimal' };
}

/** A saved value that a number box cannot hold ("1.", "lots": written in the text box a
 *  knob had before) stays, in a text box: the number box showed it empty, and Deal then
 *  played the bot's default unsaid. The server reads it, or says why not. */
function keepValueUnread(input, value) {
  if (!value || input.type !== 'number' || input.value !== '') return;
  input.type = 'text';
  input.value = value;
}

/** The box of opponent ``seat``'s ``option``, or null (that bot has no such box). */
function knobBox(seat, option) {
  return $$(`.bot-options[data-seat="${seat}"] input`).find((box) => box.dataset.option === option) || null;
}

/**
 * Mark the box whose value was refused, say why in a note under it (``text``, which the
 * box is described by), point to that note beside Deal and put the focus on the box, as
 * for a house rule at fault: the box described by the alert itself was heard saying the
 * reason twice, as the alert and as the focused box was read. False if the form has no
 * such box (a refusal of another setup's opponent).
 */
function markRefusedKnob(seat, option, text) {
  const box = knobBox(seat, option);
  if (!box) return false;
  $(`#${box.id}-refused`)?.remove();
  box.after(el('p', { class: 'error knob-note', id: `${box.id}-refused` }, text));
  fill($('#start-error'), `Not dealt: see the note under “Opponent ${seat}'s ${option}”.`);
  box.setAttribute('aria-invalid', 'true');
  box.setAttribute('aria-describedby', `${box.id}-refused ${box.id}-about`);
  box.focus();
  return true;
}

/** Whether the start form still names opponent ``seat`` as ``message`` did ("Play again"
 *  sends the last game's setup, which the form may no longer hold). */
function formDeals(message, seat) {
  const form = $('.start-form');
  return Boolean(form) && readSetup(form).opponents[seat - 1] === message?.opponents?.[seat - 1];
}

/** What Deal was refused for, said beside it and marked on its box, is old news on a new
 *  address: a box left marked had lost its words (aria-describedby an empty alert). */
function forgetStartError() {
  const form = $('.start-form');
  if (!form) return;
  fill($('#start-error', form));
  clearRefusedKnobs(form);
}

/** Edited (or another field changed, which clears the words beside Deal), unmarked and
 *  its note gone. */
function clearRefusedKnobs(form) {
  for (const box of $$('.bot-options input[aria-invalid]', form)) {
    box.removeAttribute('aria-invalid');
    box.setAttribute('aria-describedby', `${box.id}-about`);
    $(`#${box.id}-refused`, form)?.remove();
  }
}

/** A number box that cannot read what was typed ("1e") sends nothing: the bot's default.
 *  Kept from the server, it is marked and said, as a value the server refuses is. A box
 *  holding the spec's own separators ("1:seconds=2" in seconds) set other options than
 *  its own, or was refused as another's: it is marked and said too. */
function refuseUnreadableKnob(form) {
  const box = $$('.bot-options input', form).find((input) => knobFault(input) !== null);
  if (!box) return false;
  const seat = box.closest('.bot-options').dataset.seat;
  markRefusedKnob(seat, box.dataset.option, `Opponent ${seat}'s ${box.dataset.option} ${knobFault(box)}.`);
  return true;
}

// A number as a number box reads it, with an exponent ("1e1" is 10, "1e-1" is 0.1).
const EXPONENT = /^[+-]?(\d+\.?\d*|\.\d+)e[+-]?\d+$/i;
// A number written in digits and at most one point: what a number box is to hold here.
const PLAIN_NUMBER = /^(\d+\.?\d*|\.\d+)$/;

/**
 * What is wrong with a bot option's box, as the end of a sentence naming it, or null. A
 * number is written in digits (and a point) alone, as "Cards dealt" is: a number box read
 * "1e1" as 10 and sent it, an "e" that slipped in dealing a bot the player never chose.
 */
function knobFault(input) {
  const value = input.value.trim();
  const range = `a number from ${input.min} to ${input.max}`;
  if (input.validity.badInput) return `must be ${range}`;
  if (/[:=]/.test(value)) return 'is one value: it cannot hold ":" or "=", which set the bot\'s other options';
  if (EXPONENT.test(value)) return `must be written in digits alone: ${inDigits(value)}`;
  if (input.type === 'number' && value && !PLAIN_NUMBER.test(value)) return `must be ${range}, written in digits alone`;
  return null;
}

/** "10, not 1e1": ``written``, a number with an exponent, beside its digits where they are
 *  few enough to show ("Infinity, not 1e999" and "1e-7, not 1e-7" said nothing). */
function inDigits(written) {
  const digits = String(Number(written));
  return /^[\d.]+$/.test(digits) ? `${digits}, not ${written}` : `not ${written}`;
}

/** What ``name`` is like, in `gofish bots`' words, and how strong: the menu's names alone
 *  did not tell a gentle opponent from a merciless one. */
function botAbout(name) {
  const bot = choices.bots.find((each) => each.name === name);
  const strongest = Math.max(...choices.bots.map((each) => each.strength));
  return bot ? `Strength ${bot.strength} of ${strongest} — ${bot.description}` : '';
}

/** The words beside a house rule's field when the form's choices cannot be dealt together. */
function fieldNote(name) {
  return el('p', { class: 'error field-note', id: `note-${name}`, role: 'status' });
}

/**
 * Says beside the fields, as they change, a combination the game cannot deal (no refill
 * played until all books are down; more cards than the deck holds, or the whole deck for a
 * game that ends at an empty pond), marking the fields at fault.
 */
function checkStartForm(form) {
  const setup = readSetup(form);
  const problem = setupProblem(setup, choices.presets[setup.preset]);
  form.elements.hand_size.max = String(mostDealt(setup.players));
  form.elements.hand_size.placeholder = `${presetDeal(setup)}, as the preset deals`;
  for (const note of $$('.field-note', form)) {
    // A live region, rewritten at each key typed anywhere in the form.
    sayIfChanged(note, problem?.note === note.id.slice(5) ? problem.text : '');
  }
  for (const name of ['refill', 'end', 'hand_size', 'name']) {
    const control = form.elements[name];
    const faulty = problem?.fields.includes(name);
    if (faulty) {
      control.setAttribute('aria-invalid', 'true');
      control.setAttribute('aria-describedby', `note-${problem.note}`);
    } else {
      control.removeAttribute('aria-invalid');
      control.removeAttribute('aria-describedby');
    }
  }
  fill($('#start-error', form)); // what an earlier Deal was refused for is about other choices
  clearRefusedKnobs(form);
  return problem;
}

/** The cards each player of ``setup`` is dealt when "Cards dealt" is left empty. */
function presetDeal(setup) {
  return choices.presets[setup.preset].hand_sizes[String(setup.players)];
}

/**
 * ↑ and ↓ in an empty "Cards dealt" step from the preset's deal, which the box shows: the
 * browser stepped from nothing, ↑ giving 1 card where the player meant one more than 7.
 */
function stepFromThePresetDeal(form) {
  const box = form.elements.hand_size;
  box.addEventListener('keydown', (event) => {
    if (box.value !== '' || box.validity.badInput || !['ArrowUp', 'ArrowDown'].includes(event.key)) return;
    box.value = String(presetDeal(readSetup(form))); // the browser's own step then moves it by one
  });
}

/** Keeps a setup the game cannot deal from the server, pointing beside Deal to the note
 *  that says why. The note is the description of the field the focus goes to: the same
 *  words in the alert were heard twice, as the alert and as that field was read. */
function refuseImpossibleSetup(form) {
  const problem = checkStartForm(form);
  if (!problem) return false;
  const field = form.elements[problem.fields[0]];
  const house = $('.house-rules', form);
  if (house.contains(field)) house.open = true;
  fill($('#start-error', form), `Not dealt: see the note under “${fieldLabel(form.elements[problem.note])}”.`);
  field.focus();
  return true;
}

const WHEEL_LINE = 16; // pixels a wheel's line is worth (deltaMode 1, as Firefox counts)

/**
 * The mouse wheel scrolls the page over a number box that has the focus, as over any other
 * field: the browser stepped the box's number instead (Cards dealt 5 became 3, an epsilon
 * 0.3 became 0.2), unseen by a player scrolling down to Deal with the pointer over it.
 */
function keepNumbersFromTheWheel(form) {
  form.addEventListener('wheel', (event) => {
    const box = event.target;
    if (!(box instanceof HTMLInputElement) || box.type !== 'number' || box !== document.activeElement) return;
    event.preventDefault();
    const unit = [1, WHEEL_LINE, window.innerHeight][event.deltaMode] ?? 1; // pixels, lines, pages
    window.scrollBy({ left: event.deltaX * unit, top: event.deltaY * unit });
  }, { passive: false });
}

/** The words of ``control``'s label ("Game ends"), without the choices inside it. */
function fieldLabel(control) {
  return control.labels[0].firstChild.textContent.trim();
}

/** The start form, under ``unfinished``, the box of the games to go on with. */
function buildStartForm(unfinished) {
  const saved = savedSetup(choices);
  const presets = Object.keys(choices.presets);
  const blurbs = {
    classic: 'Two players against Emma, dealt 7 each (up to five play, dealt 5 each from three); a full fresh hand when yours runs out; all 13 books.',
    bicycle: '2–5 players; an empty hand draws one card; play until every book is down.',
    nordic: 'Hopp i havet: fish from a spread-out sea; the game stops at the first empty hand or empty sea.',
  };
  const presetField = el('fieldset', { class: 'presets' }, el('legend', {}, 'Rules'),
    presets.map((name) => el('label', { class: 'preset' },
      el('input', { type: 'radio', name: 'preset', value: name, checked: (saved?.preset || 'classic') === name }),
      el('strong', {}, name), el('span', {}, blurbs[name] || ''))));
  const playersSelect = el('select', { name: 'players', id: 'players' },
    [2, 3, 4, 5].map((n) => el('option', { value: String(n), selected: (saved?.players || 2) === n }, `${n} players`)));
  const opponents = el('div', { class: 'opponent-fields' });
  const nameInput = el('input', { name: 'name', id: 'name', autocomplete: 'nickname', value: saved?.name || 'You' });
  const house = el('details', { class: 'house-rules' }, el('summary', {}, 'House rules'),
    optionSelect('lucky_draw', 'Lucky draw (fish your wish, go again)', ['true', 'false'], (v) => (v === 'true' ? 'yes' : 'no')),
    optionSelect('refill', 'Empty hand', choices.options.refill, (v) => ({
      hand: 'draw a full hand', card: 'draw one card', turn: 'draw one card on your turn', none: 'no refill' }[v])),
    optionSelect('end', 'Game ends', choices.options.end, (v) => (v === 'all-books' ? 'when all books are down' : 'at the first empty hand or pond')),
    fieldNote('end'),
    optionSelect('ask', 'Ask for', choices.options.ask, (v) => (v === 'rank' ? 'a rank' : 'an exact card (rank and suit)')),
    el('label', { class: 'field' }, 'Cards dealt', el('input', { type: 'number', name: 'hand_size', min: 1, max: 13 })),
    fieldNote('hand_size'),
    el('label', { class: 'check' }, el('input', { type: 'checkbox', name: 'pairs', value: '2' }), 'Pairs instead of books of four'),
  );
  const error = el('p', { class: 'error', id: 'start-error', role: 'alert' });
  // novalidate: the form says what is wrong itself, in its own words (see checkStartForm).
  const form = el('form', { class: 'start-form', 'aria-label': 'New game', novalidate: true },
    presetField,
    el('div', { class: 'row' }, el('label', { class: 'field', for: 'players' }, 'Players', playersSelect),
      el('label', { class: 'field', for: 'name' }, 'Your name', nameInput)),
    fieldNote('name'),
    el('label', { class: 'field', for: 'pace' }, 'Computer players',
      el('select', { name: 'pace', id: 'pace' }, PACES
        .map(([value, text]) => el('option', { value, selected: String(saved?.pace || '1.4') === value }, text)))),
    opponents, house, error,
    el('div', { class: 'actions' },
      el('button', { type: 'submit', class: 'primary', id: 'deal' }, 'Deal the cards'),
      el('a', { href: '#/help/new', class: 'button-link' }, 'Rules of this game')));
  opponentFields(opponents, saved?.players || 2, saved?.opponents);
  restoreHouseRules(form, saved?.options);
  // Hopp i havet fishes from the sea, as its table and log say; the others from the pond.
  const nameTheSea = () => {
    const option = form.querySelector('select[name="end"] option[value="first-empty"]');
    const preset = form.querySelector('input[name="preset"]:checked')?.value;
    if (option) option.textContent = `at the first empty hand or ${pondWord(preset)}`;
  };
  presetField.addEventListener('change', nameTheSea);
  nameTheSea();
  playersSelect.addEventListener('change', () => opponentFields(opponents, Number(playersSelect.value), readSetup(form).opponents));
  keepNumbersFromTheWheel(form);
  stepFromThePresetDeal(form);
  form.addEventListener('change', () => checkStartForm(form));
  form.addEventListener('input', () => checkStartForm(form));
  checkStartForm(form);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (refuseImpossibleSetup(form) || refuseUnreadableKnob(form)) return;
    const setup = readSetup(form);
    rememberSetup(setup);
    startGame(setup);
  });
  const hero = el('div', { class: 'hero', 'aria-hidden': 'true' }, ['AS', 'KH', 'QD', 'JC'].map((c) => cardFace(c, { label: false })));
  fill($('#page-start'), el('h1', {}, 'Go Fish'), el('p', { class: 'lede' }, 'Ask for ranks, fish from the pond, lay down books.'),
    el('p', { class: 'error notice', id: 'start-notice', role: 'alert' }), unfinished, el('div', { class: 'start-layout' }, form, hero));
}

/**
 * The start screen, with the unfinished games as they are now: read before it shows, as
 * on the first load, or the list came in under the pointer and moved the form (the game
 * just left came to be listed, a game finished since went). Whether it showed: another
 * address or page asked for meanwhile keeps the screen.
 */
async function showStart() {
  const asked = ++screensAsked;
  if (!listedWithTheForm) await listWithin($('.unfinished'), unfinishedGames());
  if (asked !== screensAsked) return false;
  showPage('start');
  return true;
}

/**
 * Fill ``box`` with the games ``listing`` (unfinishedGames()) brings, waiting for them at
 * most LIST_WAIT_MS. A list that takes longer is said to be on its way in one line, which
 * it fills in when it comes: put in whole above a form in sight, it moved the form under
 * a pointer about to press Deal. A newer read of the box drops this one's answer.
 */
async function listWithin(box, listing) {
  if (!box) return;
  const asked = ++listingsAsked;
  const onTime = await Promise.race([listing, sleep(LIST_WAIT_MS).then(() => LATE)]);
  if (asked !== listingsAsked) return;
  if (onTime !== LATE) {
    fillUnfinished(box, onTime);
    return;
  }
  fillLateLine(box, 'Go on with a game: looking for your unfinished games…');
  listing.then((data) => {
    if (asked === listingsAsked) fillLateList(box, data);
  });
}

/** The unfinished games as the server lists them, or null (no database: nothing to resume). */
async function unfinishedGames() {
  try {
    // The latest that can be resumed here: games with no person or several people at the
    // table, or a bot given longer to think than a server allows (from the terminal) cannot,
    // and the last three could all be such games.
    return await getJSON('/api/games?finished=false&limit=200');
  } catch {
    return null;
  }
}

/** The (at most three) games of ``data`` this browser can go on with; none without data. */
function resumableGames(data) {
  return (data?.games || []).filter((game) => !game.damaged && !game.not_resumable).slice(0, 3);
}

/**
 * The games to go on with, read each time the start screen shows: read once, it
 * offered games finished since, with old ask counts. The game in play in this tab
 * is the way back to its table, not a resume that deals its log out again. No list
 * (the server gave none) offers nothing: the last one read went stale.
 */
function fillUnfinished(box, data) {
  const games = resumableGames(data);
  box.style.minHeight = '';
  fill(box, el('h2', {}, 'Go on with a game'), unfinishedItems(games));
  box.hidden = !games.length;
}

function unfinishedItems(games) {
  const here = gameInPlay();
  listedGames = new Map(games.map((game) => [game.id, game]));
  return el('ul', {}, games.map((game) => el('li', {},
    game.id === here
      ? el('a', { href: `#/play/${game.id}`, class: 'button-link' }, `Back to game ${game.id}`)
      : el('a', { href: `#/resume/${game.id}`, class: 'button-link' }, `Resume game ${game.id}`),
    el('span', { text: gameWords(game, game.id === here ? 'open in this tab' : game.source) }),
    // A row changed since it was saved (by hand, by a failing disk) says so here as in the
    // history: the game resumes as its record plays, not as the row says.
    changedNote(game.changed_note))));
}

/** What a listed game is, and (``where``) where it was played or is open. */
function gameWords(game, where) {
  return ` ${game.rules_words}, ${game.names.join(', ')}, ${counted(game.actions, 'ask')} so far (${where})`;
}

/** The start screen's way back to this tab's game ``gameId``, which another tab of this
 *  browser took: "Back to game N (open in this tab)" was offered on, in sight, leading
 *  to a table that had stopped. It is a resume now, as the stopped table's own button. */
function offerTakenGame(gameId) {
  const link = $(`.unfinished a[href="#/play/${gameId}"]`);
  const game = listedGames.get(gameId);
  if (!link || !game) return;
  link.href = `#/resume/${gameId}`;
  link.textContent = `Resume game ${gameId}`;
  link.nextElementSibling.textContent = gameWords(game, 'open in another tab');
}

/** The one line (a live region) a late list is said in, in the list's place: rewritten,
 *  not put in anew, as a region put in with its words is not read out. */
function fillLateLine(box, words) {
  const line = $('.late-list', box);
  if (line) sayIfChanged(line, words);
  else fill(box, el('p', { class: 'late-list', role: 'status' }, words));
  box.hidden = false;
}

/**
 * The list that came after the start screen showed. In sight, it takes no more room than
 * the line that said it was coming: the games are behind a closed "Go on with a game"
 * (opened, they move the form at the player's own click), and the way to them is said.
 * Out of sight, it is put in whole.
 */
function fillLateList(box, data) {
  if ($('#page-start').hidden) {
    fillUnfinished(box, data);
    return;
  }
  const room = box.offsetHeight;
  const games = resumableGames(data);
  if (!data) fillLateLine(box, 'Go on with a game: the server could not list your unfinished games.');
  else if (!games.length) fillLateLine(box, 'Go on with a game: you have no unfinished games.');
  else {
    fill(box, el('details', {}, el('summary', {}, `Go on with a game (${counted(games.length, 'unfinished game')})`),
      unfinishedItems(games)));
    announce(`Your unfinished games came: ${counted(games.length, 'game')} to go on with, under “Go on with a game” above the form.`);
  }
  box.style.minHeight = `${room}px`; // a shorter line leaves the form where it was
}

function currentSetup() {
  const form = $('.start-form');
  return lastSetup || (form ? readSetup(form) : { preset: 'classic', players: 2, options: {} });
}

/**
 * The rules of the game at the table (else of the last game dealt, or the form's);
 * ``chosen``: of the game the start form would deal now, for the form's own link.
 */
async function showHelp(chosen = false) {
  const atTable = !chosen && table?.state;
  let help = atTable ? lastHelp : null;
  if (!help) {
    const form = $('.start-form');
    const setup = chosen && form ? readSetup(form) : currentSetup();
    const problem = setupProblem(setup, choices.presets[setup.preset]);
    if (problem) {
      // The form's own words, not the server's refusal in the engine's option codes.
      fill($('#page-help'), el('h1', {}, 'Rules of this game'), el('p', { class: 'error', role: 'alert', text: problem.text }),
        el('p', {}, el('a', { href: '#/', class: 'button-link' }, 'Back to the house rules')));
      return;
    }
    const query = new URLSearchParams({ preset: setup.preset, players: setup.players });
    for (const [key, value] of Object.entries(setup.options || {})) query.set(key, value);
    help = await getJSON(`/api/help?${query}`);
  }
  fill($('#page-help'), el('h1', { text: help.title }), el('p', { class: 'lede', text: help.intro }),
    help.sections.map((section) => el('section', {}, el('h2', { text: section.heading }),
      section.paragraphs.map((p) => el('p', { text: p })))),
    el('p', {}, el('a', { href: atTable ? tableAddress() : '#/', class: 'button-link' }, atTable ? 'Back to the table' : 'Back')));
}

// ------------------------------------------------------------ the live table

/**
 * This tab's own id, kept over its reloads, sent with each start and resume: after a
 * network drop the server may not yet know the tab's old socket is gone (until its
 * keepalive fails, some 40 s), and the id lets the tab's new socket take its game at once
 * rather than be refused as "open in another tab". Another tab has another id.
 */
function pageId() {
  const made = () => Array.from(crypto.getRandomValues(new Uint8Array(16)),
    (byte) => byte.toString(16).padStart(2, '0')).join('');
  try {
    const kept = sessionStorage.getItem('gofish.page');
    if (kept && /^[0-9a-f]{32}$/.test(kept)) return kept;
    const id = made();
    sessionStorage.setItem('gofish.page', id);
    return id;
  } catch {
    return made(); // storage refused (a private mode): this page load's own
  }
}

function connect() {
  return new Promise((resolve, reject) => {
    const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
    const ws = new WebSocket(`${scheme}://${window.location.host}/ws/play`);
    ws.addEventListener('open', () => resolve(ws));
    ws.addEventListener('error', () => reject(new Error('cannot reach the game server')));
    // Only the tab's own socket speaks to its table (not one it has let go of).
    ws.addEventListener('message', (event) => { if (socket === ws) onMessage(JSON.parse(event.data)); });
    ws.addEventListener('close', (event) => {
      if (socket === ws) {
        socket = null;
        const dealing = pendingStart?.type === 'start' ? pendingStart : null;
        pendingStart = null; // never to be answered: Deal deals again
        // The server says when a newer socket of this tab's id took the game (a duplicated
        // tab): the other tab's own notice may come later than the close, or never.
        const given = event.code === GIVEN_WAY && gameInPlayAt(ws);
        // A Deal clicked as the old game went to the other tab was lost with this socket,
        // and the tab offered the old game back: the player had left it for a new deal.
        if (given && dealing) sendToNewTable(dealing);
        else if (given) playedElsewhere(lastGameId);
        // The server's reason, not "lost": a script on the page or a stuck key sent too fast.
        else if (table?.state && table.state.phase !== 'over') {
          lostGameId = lastGameId;
          connectionLost(event.code === TOO_MANY_MESSAGES ? `The server closed the connection: ${event.reason}.` : undefined);
        }
      }
    });
  });
}

/** The server went away mid-game (``why``: in words): a stored game can be taken up again
 * from the table. */
function connectionLost(why = 'The connection to the server was lost.') {
  if (lastGameId === null) {
    table.explain(`${why} Start a new game to play on.`);
    return;
  }
  const gameId = lastGameId;
  table.away(`${why} Game ${gameId} is saved as it stood.`,
    () => takeBack(gameId), { button: 'Reconnect', status: 'Not connected to the server.' });
}

/** Open the game again at this tab ("Play here instead", "Reconnect"), if the server answers. */
async function takeBack(gameId) {
  try {
    await openSocket();
  } catch {
    table.explain('The game server cannot be reached yet: try again in a moment.');
    return;
  }
  await sendStored('revisit', gameId);
}

/**
 * The tab's one socket, opened if need be. Deal clicked twice opened two while the
 * first connected, and both games' bots then played at one table: clicks share it.
 */
async function openSocket() {
  if (!socket) {
    connecting ??= connect().finally(() => { connecting = null; });
    socket = await connecting;
  }
}

function send(message) {
  if (!socket || socket.readyState !== WebSocket.OPEN) {
    table?.refused('The connection to the server was lost. Start a new game to play on.');
    return;
  }
  socket.send(JSON.stringify(message));
}

async function startGame(setup) {
  // A second click while a deal is on its way (a double click on Deal or Play again) dealt
  // a second game, which was then taken for a game opened again ("on the table again").
  if (pendingStart?.type === 'start') return;
  lastSetup = setup;
  const message = { ...setup, page: PAGE_ID };
  if (lostGameId !== null) message.left = lostGameId;
  if (SEED !== null) message.seed = SEED;
  if (PACE !== null) message.pace = PACE;
  await sendToNewTable(message);
}

/** Resume a stored game (``type`` 'resume'), or open it as it stands ('revisit'). */
async function openStored(type, arg) {
  let gameId;
  try {
    gameId = gameNumber(arg);
  } catch (error) {
    startNotice(`Cannot resume: ${error.message}`);
    return;
  }
  // The page in sight stays until the server answers: the start screen shown meanwhile
  // offered its list as last read, the game being opened among it.
  await sendStored(type, gameId);
}

async function sendStored(type, gameId) {
  claimGame(gameId); // a tab playing it lets go at once, and the server lets this one in
  const message = { type, game_id: gameId, page: PAGE_ID };
  // The pace the player chose, or a reload would hand the game to the server's default.
  // Without the start screen's choices (the server did not give them) it cannot be checked.
  const pace = PACE ?? (choices ? savedSetup(choices)?.pace : undefined);
  if (pace !== undefined) message.pace = pace;
  await sendToNewTable(message);
}

/** The game this tab is playing, while another tab could take it. */
function gameInPlay() {
  return gameInPlayAt(socket);
}

/** The game this tab plays over socket ``ws``, while another tab could take it. */
function gameInPlayAt(ws) {
  return ws && table && !tableOver ? lastGameId : null;
}

/** Another tab opened this tab's game: stop playing here, saying why and how to come back. */
function stepAside(gameId) {
  const ws = socket;
  socket = null; // first, so its closing is not taken for a lost connection
  ws.close(); // the server stores every move sent before, then lets the other tab in
  playedElsewhere(gameId);
}

/** Say that game ``gameId`` went to another tab, with the button that takes it back. */
function playedElsewhere(gameId) {
  table.away(`Game ${gameId} is now open in another tab of this browser, so this tab has stopped playing it.`,
    () => takeBack(gameId));
  offerTakenGame(gameId);
}

/** The table again (the back button, a page link): a finished game shows its result again. */
function backToTable() {
  showPage('play');
  // The link that led here went with its page ("Back to the table"), and the focus to the
  // page's body: it goes where the player's move is.
  if (focusLost()) table.focusTheMove();
  // Back at a bare #/play (the rules page's link, a game the database could not store):
  // the address takes the game's number again, or a reload here lost the table.
  if (window.location.hash !== tableAddress()) history.replaceState(null, '', tableAddress());
  // Not while it is open: a game over at the deal can be shown before the browser tells of
  // the table's new address, and showing it again read it out a second time.
  if (tableOver && table.state?.phase === 'over' && $('#result').hidden) showResult(table.state);
}

async function sendToNewTable(message) {
  closeResult();
  pendingStart = message; // before connecting: a click made meanwhile sees it
  try {
    await openSocket();
  } catch (error) {
    pendingStart = null;
    refusedStart(message, String(error.message));
    return;
  }
  send(message);
}

function onMessage(message) {
  if (message.type === 'welcome') {
    // A new table only once the server has accepted the game: a refused start keeps the old one.
    if (!table) table = new Table($('#table'), { speed: SPEED, send, announce, onOver: showResult });
    else table.reset();
    // A game opened again (a reload, a resume) is retold in the log, not acted out again:
    // its old words in bubbles read as new ones, and a screen reader would read it all.
    table.retelling = pendingStart?.type !== 'start';
    if (table.retelling) announce(`Game ${message.game_id} is on the table again: the game log has the story so far.`);
    // A resumed or reopened game plays again as it was dealt, not as the form says.
    if (pendingStart?.type !== 'start') lastSetup = message.setup;
    pendingStart = null;
    lastGameId = message.game_id;
    lostGameId = null;
    tableOver = false;
    lastHelp = message.help;
    // The server keeps such a game in a file beside the database, and moves it in later:
    // "not being saved" had the player think it lost (a reload still cannot find it).
    if (message.storage) {
      table.warn(`This game cannot go into the games database now (${message.storage}): the server keeps it in a file beside it, and adds it once the database can be used.`);
    }
    // A tab has one table: a new game, or a resume link followed, replaces the last one
    // in the history, so the back button leaves the table rather than reopening old games.
    if (/^#\/(play|resume)\b/.test(window.location.hash)) history.replaceState(null, '', tableAddress());
    else window.location.hash = tableAddress();
    showPage('play');
    // From its top: a phone scrolled down to the Deal button showed the new table scrolled
    // part way (as far as its empty page let it), its first row of opponents out of sight.
    window.scrollTo(0, 0);
    $('#table-title').textContent = `Go Fish: ${message.help.title.replace('Rules: ', '')}`;
  } else if (message.type === 'update') {
    tableOver = message.state.phase === 'over';
    if (message.state.game_id !== null && message.state.game_id !== lastGameId) {
      lastGameId = message.state.game_id; // stored once the database takes it
      if (window.location.hash.startsWith('#/play')) history.replaceState(null, '', tableAddress());
    }
    table.update(message);
  } else if (message.type === 'refused') {
    if (pendingStart || !table?.state) {
      const refusedMessage = pendingStart;
      pendingStart = null;
      refusedStart(refusedMessage, message.message, message);
    } else table.refused(message.message);
  }
}

/**
 * "Back to the table" for the history and stats pages while a game is in progress (null:
 * none): a player sent there hears "Your turn." and had only the menu's "New game".
 */
function tableLink() {
  if (!table?.state || tableOver) return null;
  return el('p', {}, el('a', { href: tableAddress(), class: 'button-link' }, 'Back to the table'));
}

/** The table's address: with its game's number once stored, so a reload comes back to it. */
function tableAddress() {
  return lastGameId === null ? '#/play' : `#/play/${lastGameId}`;
}

/** "Watch the replay of game N", for a finished game the server would not resume (null: none). */
function replayLink(gameId) {
  return gameId == null ? null : el('a', { href: `#/replay/${gameId}` }, `Watch the replay of game ${gameId}`);
}

/**
 * A start or resume the server would not play: say why where the player will see it.
 * ``refusal`` is the server's answer: its ``replay`` links a finished game, and its
 * ``seat`` and ``option`` name the opponent's box holding the value it refused.
 */
async function refusedStart(message, text, refusal = {}) {
  if (message?.type === 'resume' || message?.type === 'revisit') {
    startNotice(`Cannot resume game ${message.game_id}: ${text}`, replayLink(refusal.replay));
    return;
  }
  // "Play again" refused at the table comes back to the start screen, its list read
  // afresh: shown as it was, it offered the game just finished. Deal refused on the start
  // screen leaves it as it is, its list too: the player is looking at the words by Deal.
  if ($('#page-start').hidden && !(await showStart())) return;
  const error = $('#start-error');
  if (refusal.option && formDeals(message, refusal.seat) && markRefusedKnob(refusal.seat, refusal.option, text)) return;
  // No box marked: the server's words (the rooms' own) are told whose, as the form labels it.
  const whose = refusal.seat ? `Opponent ${refusal.seat}: ` : '';
  fill(error, `${whose}${text}`); // beside the Deal button that was just clicked; an alert, read out
  // "Play again" was clicked on the result: on a phone the Deal button is a screen down.
  error.scrollIntoView({ block: 'center' });
  // Its button went with the result, and the focus to the page's body: Deal, just under
  // the words, deals again.
  if (focusLost()) $('#deal')?.focus({ preventScroll: true });
}

function closeResult() {
  showResultBox(false);
}

/**
 * Open or close the result box. While it is open the page under it is inert: the box
 * takes every click there, so Tab must not reach the table's buttons, hidden behind it
 * ("See the result" lay under the box with its focus ring out of sight). The header's
 * links above it still work.
 */
function showResultBox(open) {
  $('#result').hidden = !open;
  $('#main').inert = open;
  $('.skip').hidden = open; // it leads into the page under the box, which takes no focus
}

/** Close the result to see the final table; its "See the result" button opens it again. */
function lookAtTable() {
  closeResult();
  $('#show-result')?.focus();
}

/** Who won, by name: "A shared win" alone left the reader to work out between whom. */
function winnersHeading(state) {
  const { result, you } = state;
  const others = namesInWords(result.winners.filter((seat) => seat !== you).map((seat) => state.players[seat].name));
  if (!result.shared) return result.you_won ? 'You win!' : `${others} wins`;
  return result.you_won ? `You share the win with ${others}!` : `${others} share the win`;
}

function asksInWords(asks) {
  return asks === 0 ? 'It ended before anyone asked.' : `${counted(asks, 'ask')} in all.`;
}

/**
 * The result as it is read out: who won and everyone's count, each with its word ("Counter
 * 7, Ann 2" was numbers with no unit): "Counter wins with 7 books; Ann: 2 books." The colon
 * keeps a name that ends in a number apart from its count ("Emma 2 4 books" was read out).
 */
function resultInWords(state, heading) {
  const { result } = state;
  const sets = (count) => setsName(count, state.rules.book_size);
  const won = (row) => result.winners.includes(row.seat);
  const best = sets(result.standings.find(won).books);
  const who = heading.replace(/!$/, '');
  const winners = result.shared ? `${who}, ${best} each` : `${who} with ${best}`;
  const others = result.standings.filter((row) => !won(row)).map((row) => `${row.name}: ${sets(row.books)}`);
  return `${[winners, ...others].join('; ')}.`;
}

function showResult(state) {
  const result = state.result;
  const you = state.you;
  const heading = winnersHeading(state);
  // The colon is for screen readers, which read a row as one line ("Emma 2 1 book").
  const standings = el('ol', { class: 'standings' }, result.standings.map((row) => el('li', { class: row.seat === you ? 'you' : '' },
    el('span', { class: 'name' }, el('span', { text: row.name }), el('span', { class: 'visually-hidden' }, ': ')),
    el('span', {}, setsName(row.books, state.rules.book_size)))));
  const buttons = el('div', { class: 'actions' },
    el('button', { type: 'button', class: 'primary', id: 'play-again', onclick: () => startGame(lastSetup) }, 'Play again'),
    el('a', { href: '#/', class: 'button-link' }, 'Change the rules'),
    (state.game_id || lastGameId) ? el('a', { href: `#/replay/${state.game_id || lastGameId}`, class: 'button-link' }, 'Watch the replay') : null,
    el('button', { type: 'button', class: 'button-link', id: 'close-result', onclick: lookAtTable }, 'Look at the table'));
  fill($('#result-body'), el('h2', { id: 'result-title', text: heading }),
    el('p', { class: 'ending' }, `${result.ending} ${asksInWords(result.asks)}`),
    standings, buttons);
  // A game that ends while the player reads another page does not cover that page.
  if (!$('#page-play').hidden) showResultBox(true);
  clearOfTheHeader();
  announce(`${resultInWords(state, heading)} ${result.ending}`);
  $('#play-again').focus();
}

/**
 * Starts the result below the page's header bar while the bar is in view. The bar stays
 * above the result, so its links work, and on a short screen (a phone held sideways, a
 * page zoomed to 200%) it covered the result's title once the page was scrolled to the top.
 */
function clearOfTheHeader() {
  const result = $('#result');
  if (!result.hidden) result.style.top = `${Math.max(0, Math.round($('.top').getBoundingClientRect().bottom))}px`;
}

// ------------------------------------------------------------ start

async function main() {
  if (SPEED === 0) document.body.classList.add('no-motion');
  try {
    // The form shows with the games to go on with above it (or the line saying they are
    // coming): filled in once the form was in sight, the list pushed it down under a click
    // meant for its rules (a click then landed on another choice, or on a game to resume).
    const listing = unfinishedGames();
    choices = await getJSON('/api/setup');
    const unfinished = el('section', { class: 'unfinished', 'aria-label': 'Unfinished games', hidden: true });
    await listWithin(unfinished, listing);
    buildStartForm(unfinished);
    listedWithTheForm = true;
  } catch (error) {
    fill($('#page-start'), el('p', { class: 'error', role: 'alert', text: `The game server cannot be reached: ${error.message}` }));
  }
  window.addEventListener('hashchange', route);
  window.addEventListener('scroll', clearOfTheHeader, { passive: true });
  window.addEventListener('resize', clearOfTheHeader);
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !$('#result').hidden) lookAtTable(); // focus stays on the page
  });
  // A table's address with its game's number brings the game back; a bare one cannot.
  if (/^#\/play\/?$/.test(window.location.hash)) window.location.hash = '#/';
  onGameClaimed((gameId) => {
    // The game lost with a socket, now another tab's: a deal here must not take its place.
    if (gameId === lostGameId) lostGameId = null;
    // A tab dealing a new game has left this one already: its deal is on its way.
    if (gameInPlay() === gameId && pendingStart?.type !== 'start') stepAside(gameId);
  });
  route();
  listedWithTheForm = false; // from now on, the start screen lists them afresh each time
}

main();
