// The little HTTP side of rooms, shared by the lobby and the room page.

const KEY = (code) => `gofish.room.${code}`;

export function rememberSeat(code, token) { localStorage.setItem(KEY(code), token); }
export function seatToken(code) { return localStorage.getItem(KEY(code)); }
export function forgetSeat(code) { localStorage.removeItem(KEY(code)); }

export async function postJSON(url, body) {
  const response = await fetch(url, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
  });
  const answer = await response.json().catch(() => ({ message: `the server answered ${response.status}` }));
  if (!response.ok) throw new Error(answer.message || `the server answered ${response.status}`);
  return answer;
}

export async function getJSON(url) {
  const response = await fetch(url, { cache: 'no-store' });
  const answer = await response.json().catch(() => ({ message: `the server answered ${response.status}` }));
  if (!response.ok) throw new Error(answer.message || `the server answered ${response.status}`);
  return answer;
}
