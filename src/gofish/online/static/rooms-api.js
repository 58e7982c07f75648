// The little HTTP side of rooms, shared by the lobby and the room page.

const KEY = (code) => `gofish.room.${code}`;

// A room's code from what was typed (the code, or the invite link a friend pasted whole)
// or from the room page's own address: spaces and dashes only help reading it (QSJ-XRS),
// and case does not count. The page and the lobby read it alike, so one seat, one key.
export function roomCode(typed) {
  const linked = typed.match(/\/rooms\/([^/?#]+)/);
  let code = linked ? linked[1] : typed;
  if (linked) {
    try { code = decodeURIComponent(code); } catch { /* a stray %: no code, refused as typed */ }
  }
  return code.replace(/[\s-]/g, '').toUpperCase();
}

export function seatToken(code) { return localStorage.getItem(KEY(code)); }
export function forgetSeat(code) { localStorage.removeItem(KEY(code)); }

// A seat token as the server makes them (protocol.py's TOKEN_PATTERN). One read back from
// storage may not be (edited by hand, or cut short): sent, the server refuses it, and with
// it the whole request it went in (the lobby's "Your rooms", a join).
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,64}$/;
export function isToken(value) { return typeof value === 'string' && TOKEN_SHAPE.test(value); }

// Said by the room page of a seat whose token could not be read, and kept as the reason the
// seat is gone when the lobby forgets such a token, so the room page says it too.
export const UNREADABLE_SEAT = 'The seat saved in this browser for this room could not be read, so it was '
  + 'forgotten and you are watching. Take a seat again if one is free.';
export function forgetUnreadableSeat(code) {
  forgetSeat(code);
  rememberGone(code, 'unreadable', UNREADABLE_SEAT);
}

// The rooms this browser has sat in, last used first. "Your rooms" lists the first
// MY_ROOMS_MAX (the server's limit too); an older one is forgotten, seat and all, so
// nothing is kept for ever.
export const MY_ROOMS_MAX = 20;
const ORDER = 'gofish.rooms.order';
// Codes as the keys hold them (heldSeats); the server says which is no room ("missing").
const STORED_CODE = /^[A-Z0-9]+$/;
// Only the codes in the kept order: edited by hand it may be no list (its filter threw, and
// no room could be opened or joined) or hold other things, which would be sent as codes.
function roomOrder() {
  let stored = null;
  try { stored = JSON.parse(localStorage.getItem(ORDER)); } catch { /* not JSON: none kept */ }
  if (!Array.isArray(stored)) return [];
  const codes = stored.filter((code) => typeof code === 'string' && STORED_CODE.test(code));
  return [...new Set(codes)];
}
function keepOrder(codes) {
  for (const old of codes.slice(MY_ROOMS_MAX)) forgetKeys(old);
  localStorage.setItem(ORDER, JSON.stringify(codes.slice(0, MY_ROOMS_MAX)));
}
function forgetKeys(code) {
  for (const key of [KEY(code), GONE(code), PREVIOUS(code)]) localStorage.removeItem(key);
}

export function rememberSeat(code, token) {
  localStorage.setItem(KEY(code), token);
  keepOrder([code, ...roomOrder().filter((other) => other !== code)]);
}

// A room the server no longer has (or has closed): nothing of it is worth keeping.
export function forgetRoom(code) {
  forgetKeys(code);
  keepOrder(roomOrder().filter((other) => other !== code));
}

// The seats this browser holds ({code, token}), last used first. Seats taken before the
// order was kept come after, by code. A token that is not one is forgotten first (with why,
// for the room page): sent, it failed the whole request, and no room was listed.
export function heldSeats() {
  const held = Object.keys(localStorage).map((key) => /^gofish\.room\.([A-Z0-9]+)$/.exec(key))
    .filter(Boolean).map((found) => found[1]);
  const order = roomOrder();
  keepOrder([...order, ...held.filter((code) => !order.includes(code)).sort()]);
  forgetUnreadableSeats();
  return roomOrder().filter((code) => seatToken(code)).map((code) => ({ code, token: seatToken(code) }));
}
function forgetUnreadableSeats() {
  for (const code of roomOrder()) {
    const token = seatToken(code);
    if (token !== null && !isToken(token)) forgetUnreadableSeat(code);
  }
}

// Why this browser lost its seat ({reason, message}), so a reload can still say so.
const GONE = (code) => `gofish.room.${code}.gone`;
export function rememberGone(code, reason, message) {
  localStorage.setItem(GONE(code), JSON.stringify({ reason, message }));
}
// Edited by hand, the note may not be one: a message that is no text read "[object Object]".
export function whyGone(code) {
  let gone = null;
  try { gone = JSON.parse(localStorage.getItem(GONE(code))); } catch { /* not JSON: no note */ }
  if (gone && typeof gone.reason === 'string' && typeof gone.message === 'string') {
    return { reason: gone.reason, message: gone.message };
  }
  forgetGone(code);
  return null;
}
export function forgetGone(code) { localStorage.removeItem(GONE(code)); }

// The token this browser held before it lost its seat: a join sends it along, so the
// server can refuse a browser the host removed (a courtesy, not a lock).
const PREVIOUS = (code) => `gofish.room.${code}.previous`;
// One that is not a token (edited by hand) is forgotten: the server refused every join that
// sent it ("previous_token: String should match pattern …"), and it can match no seat.
export function rememberPrevious(code, token) {
  if (isToken(token)) localStorage.setItem(PREVIOUS(code), token);
}
export function previousToken(code) {
  const token = localStorage.getItem(PREVIOUS(code));
  if (isToken(token)) return token;
  localStorage.removeItem(PREVIOUS(code));
  return null;
}

// Both pages say a refusal (a name, a move, a join) in #status at the foot of the page: on a
// phone that is off the screen, so it is brought into view.
export function say(text) {
  const status = document.querySelector('#status');
  status.textContent = text || '';
  if (text) status.scrollIntoView({ block: 'nearest' });
}

// Names are counted as the server counts them, by the table's page too.
export { nameProblem } from '/static/js/names.js';

export async function postJSON(url, body) {
  const response = await fetch(url, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
  });
  const answer = await response.json().catch(() => ({ message: `the server answered ${response.status}` }));
  if (!response.ok) throw Object.assign(new Error(answer.message || `the server answered ${response.status}`), { code: answer.error });
  return answer;
}

export async function getJSON(url) {
  const response = await fetch(url, { cache: 'no-store' });
  const answer = await response.json().catch(() => ({ message: `the server answered ${response.status}` }));
  if (!response.ok) throw new Error(answer.message || `the server answered ${response.status}`);
  return answer;
}

// On a rooms server the table against the computer is its host's alone (it opens on their
// games and history) and answers everyone else 403: the pages then do not offer it.
export function offerTheTableOnlyIfOpen() {
  fetch('/api/setup', { cache: 'no-store' }).then((response) => {
    if (response.status !== 403) return;
    for (const link of document.querySelectorAll('nav a[href="/"]')) link.remove();
    for (const link of document.querySelectorAll('a.brand[href="/"]')) link.setAttribute('href', '/rooms');
  }).catch(() => {}); // unreachable just now: the links stay, and say why if followed
}
