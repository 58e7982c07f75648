// The little HTTP side of rooms, shared by the lobby and the room page.

const KEY = (code) => `gofish.room.${code}`;

export function rememberSeat(code, token) { localStorage.setItem(KEY(code), token); }
export function seatToken(code) { return localStorage.getItem(KEY(code)); }
export function forgetSeat(code) { localStorage.removeItem(KEY(code)); }

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
