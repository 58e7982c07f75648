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

// A name as the server counts it (codes.clean_name): code points of the visible text
// (control and format characters dropped, but for a joiner inside an emoji), spaces
// collapsed. The input's maxlength counted UTF-16 units, so an emoji took two of the 24.
export const NAME_MAX = 24;
const isFormat = (ch) => /\p{C}/u.test(ch);
function joinsEmoji(points, i) {
  return points[i] === '\u200d' && i > 0 && i < points.length - 1
    && /[\p{So}\p{Sk}\uFE0F]/u.test(points[i - 1]) && /\p{So}/u.test(points[i + 1]);
}
function visibleName(text) {
  const points = [...text];
  const kept = points.filter((ch, i) => !isFormat(ch) || joinsEmoji(points, i)).join('');
  return kept.split(/\s+/).filter(Boolean).join(' ');
}

// Why the server would refuse this name, in its words; null when it would take it.
export function nameProblem(text) {
  const length = [...visibleName(text)].length;
  if (length === 0) return 'a name needs at least one visible character';
  if (length > NAME_MAX) return `a name has at most ${NAME_MAX} characters, not ${length}`;
  return null;
}

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
