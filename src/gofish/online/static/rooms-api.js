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

// The rooms this browser has sat in, last used first. "Your rooms" lists the first
// MY_ROOMS_MAX (the server's limit too); an older one is forgotten, seat and all, so
// nothing is kept for ever.
export const MY_ROOMS_MAX = 20;
const ORDER = 'gofish.rooms.order';
function roomOrder() {
  try { return JSON.parse(localStorage.getItem(ORDER)) || []; } catch { return []; }
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
// order was kept come after, by code.
export function heldSeats() {
  const held = Object.keys(localStorage).map((key) => /^gofish\.room\.([A-Z0-9]+)$/.exec(key))
    .filter(Boolean).map((found) => found[1]);
  const order = roomOrder();
  keepOrder([...order, ...held.filter((code) => !order.includes(code)).sort()]);
  return roomOrder().filter((code) => seatToken(code)).map((code) => ({ code, token: seatToken(code) }));
}

// Why this browser lost its seat ({reason, message}), so a reload can still say so.
const GONE = (code) => `gofish.room.${code}.gone`;
export function rememberGone(code, reason, message) {
  localStorage.setItem(GONE(code), JSON.stringify({ reason, message }));
}
export function whyGone(code) {
  try { return JSON.parse(localStorage.getItem(GONE(code))); } catch { return null; }
}
export function forgetGone(code) { localStorage.removeItem(GONE(code)); }

// The token this browser held before it lost its seat: a join sends it along, so the
// server can refuse a browser the host removed (a courtesy, not a lock).
const PREVIOUS = (code) => `gofish.room.${code}.previous`;
export function rememberPrevious(code, token) { localStorage.setItem(PREVIOUS(code), token); }
export function previousToken(code) { return localStorage.getItem(PREVIOUS(code)); }

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
