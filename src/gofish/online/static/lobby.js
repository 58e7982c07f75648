// Open or join a room; the seat's secret token is kept in localStorage so a reload
// (or a restarted server) puts this browser back in the same seat.
import { $, el, fill } from '/static/js/dom.js';
import { pondWord } from '/static/js/cards.js';
import {
  forgetRoom, forgetSeat, forgetUnreadableSeat, getJSON, heldSeats, nameProblem, postJSON, previousToken,
  rememberGone, offerTheTableOnlyIfOpen, rememberPrevious, rememberSeat, roomCode, say, seatToken,
} from '/rooms/static/rooms-api.js';

offerTheTableOnlyIfOpen();

const REFILL = { hand: 'draws a full hand', card: 'draws a single card', turn: 'draws a card on its turn', none: 'no refill' };
const END = {
  'all-books': () => 'when all books are down',
  'first-empty': (preset) => `at an empty hand or ${pondWord(preset)}`,
};
let presets = null; // each preset's house rules, from the server


// The options speak the chosen preset's words (its sea), and the first option of each
// house rule says what that preset does, so the default follows the preset (and the
// player count, for the deal) as they change.
function describeOptions() {
  const name = $('#create-preset').value;
  for (const option of $('#create-end').options) {
    if (option.value) option.textContent = END[option.value](name);
  }
  const preset = presets && presets[name];
  if (!preset) return;
  const players = $('#create-players').value;
  const said = { refill: REFILL[preset.refill], end: END[preset.end](name), hand_size: `${preset.hand_sizes[players]} cards` };
  for (const option of document.querySelectorAll('option[data-default]')) {
    option.textContent = `${name}: ${said[option.dataset.default]}`;
  }
}

function chosenRules() {
  const rules = { preset: $('#create-preset').value, ask: $('#create-ask').value,
                  book_size: Number($('#create-book').value), lucky_draw: $('#create-lucky').checked };
  if ($('#create-refill').value) rules.refill = $('#create-refill').value;
  if ($('#create-end').value) rules.end = $('#create-end').value;
  if ($('#create-hand-size').value) rules.hand_size = Number($('#create-hand-size').value);
  return rules;
}

$('#create-preset').addEventListener('change', describeOptions);
$('#create-players').addEventListener('change', describeOptions);
describeOptions(); // a reload or the back button may bring the form back with nordic chosen
getJSON('/rooms/presets').then((answer) => { presets = answer.presets; describeOptions(); }).catch(() => {});

$('#create-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  say('');
  const problem = nameProblem($('#create-name').value);
  if (problem) { say(`The room was not opened: ${problem}`); return; }
  // One room a click: a double-click opened two, the second left behind with its host's seat.
  if (!holdButton('#create-button')) return;
  try {
    const made = await postJSON('/rooms', { name: $('#create-name').value,
      players: Number($('#create-players').value), rules: chosenRules() });
    rememberSeat(made.code, made.token);
    location.assign(made.invite); // the button stays held: the page is going
  } catch (error) {
    say(`The room was not opened: ${error.message}`);
    releaseButton('#create-button');
  }
});

// A form's button is held while its request is on its way, so a second submit sends nothing.
function holdButton(selector) {
  const button = $(selector);
  if (button.disabled) return false;
  button.disabled = true;
  return true;
}
function releaseButton(selector) { $(selector).disabled = false; }

// Back from the room by the browser's back button, the page comes from its cache as left.
window.addEventListener('pageshow', () => { releaseButton('#create-button'); releaseButton('#join-button'); });

$('#join-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const typed = $('#join-code').value;
  const code = roomCode(typed);
  // Anything else, a "/" above all, would make a web address no room answers (a bare 404).
  if (!/^[A-Z0-9]+$/.test(code)) {
    say(`"${typed.trim()}" is not a room code: a code is 6 letters and digits, like K7QH3T (or paste the invite link)`);
    return;
  }
  // A seat's own link ("Continue on another device"): that seat, which the room page tries
  // (keeping the one held here if the room refuses it). Joined, it took a second seat.
  const carried = /#seat=([A-Za-z0-9_-]{16,64})\s*$/.exec(typed);
  if (carried) { location.assign(`/rooms/${code}#seat=${carried[1]}`); return; }
  // This browser holds a seat there: back to it (a join would take a second seat, or once
  // the game has started be refused with "you can watch instead").
  if (seatToken(code)) { location.assign(`/rooms/${code}`); return; }
  const problem = nameProblem($('#join-name').value);
  if (problem) { say(problem); return; }
  if (!holdButton('#join-button')) return; // a second click would be refused: the name is taken
  try {
    const joined = await postJSON(`/rooms/${encodeURIComponent(code)}/join`,
      { name: $('#join-name').value, previous_token: previousToken(code) });
    rememberSeat(joined.code, joined.token);
    location.assign(joined.invite);
  } catch (error) {
    releaseButton('#join-button');
    say(error.message);
    // A full or started room (or one whose host removed us) can still be watched: the
    // message says so, the link does it.
    if (['full', 'closed', 'removed'].includes(error.code)) {
      $('#status').append(' ', el('a', { href: `/rooms/${encodeURIComponent(code)}?watch=1` }, `Watch room ${code}`));
    }
  }
});

// The rooms this browser holds a seat in (a token in localStorage), still open: a player
// who closed a room's tab finds the way back here, not only by the link. One request
// checks them all; rooms gone or closed, and seats given up, are forgotten.
const STATUS_WORDS = { lobby: 'waiting for players', playing: 'game in play', over: 'game over' };
async function showMyRooms() {
  const held = heldSeats();
  if (held.length === 0) return;
  let rooms;
  try {
    ({ rooms } = await postJSON('/rooms/mine', { seats: held }));
  } catch (error) {
    uncheckedRooms(error);
    return;
  }
  const tokens = Object.fromEntries(held.map(({ code, token }) => [code, token]));
  const open = rooms.filter((room) => stillHeld(room, tokens[room.code]));
  fill($('#my-rooms-list'), open.map((room) => el('li', {},
    el('a', { href: `/rooms/${room.code}` }, `Room ${room.code}`),
    ` · ${STATUS_WORDS[room.status]} · ${room.rules_summary[0]}, ${room.players} players`)));
  $('#my-rooms').hidden = open.length === 0;
}

// The rooms could not be checked (the server unreachable, or refusing the request): say so,
// rather than hide the list as if this browser held no seat.
function uncheckedRooms(error) {
  // fetch's own TypeError: no answer came; otherwise the server's reason.
  const why = error instanceof TypeError ? 'the server could not be reached' : error.message;
  fill($('#my-rooms-list'), el('li', {},
    `Your rooms could not be checked just now (${why}). Reload the page to try again.`));
  $('#my-rooms').hidden = false;
}

// Whether the seat is still this browser's to go back to; what is not is forgotten, as the
// room page would on its refusal (a left or removed seat's token is kept as the previous).
function stillHeld(room, token) {
  if (room.status === 'missing' || room.status === 'closed') { forgetRoom(room.code); return false; }
  if (room.status === 'invalid') { forgetUnreadableSeat(room.code); return false; } // no token
  if (!STATUS_WORDS[room.status]) return false; // the database did not answer: ask next time
  if (room.seat !== null) return true;
  forgetSeat(room.code);
  if (room.gone) {
    rememberPrevious(room.code, token);
    rememberGone(room.code, room.gone, room.message);
  }
  return false;
}
showMyRooms();
