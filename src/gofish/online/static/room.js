// One room: lobby, table and log, driven by the server's messages over a websocket.
// All text from other people (names) goes in with textContent via el()/fill(), never innerHTML.
import { $, el, fill } from '/static/js/dom.js';
import { cardFace, rankName, SUIT_SYMBOLS } from '/static/js/cards.js';
import { forgetSeat, getJSON, postJSON, rememberSeat, seatToken } from '/rooms/static/rooms-api.js';

const code = decodeURIComponent(location.pathname.split('/')[2] || '').toUpperCase();
const watching = new URLSearchParams(location.search).has('watch');
const state = { version: -1, room: null, game: null, you: null, log: [], target: null, bots: {} };
let socket = null;
let retry = 500;

function say(text) { $('#status').textContent = text || ''; }
function connection(text, down = false) {
  const line = $('#connection');
  line.textContent = text;
  line.classList.toggle('down', down);
}
function send(type, fields = {}) {
  if (socket && socket.readyState === WebSocket.OPEN) {
    socket.send(JSON.stringify({ type, version: state.version, ...fields }));
  }
}
function nameOf(seat) { return state.room.seats[seat].name || `Seat ${seat + 1}`; }

// ------------------------------------------------------------------ connecting
async function begin() {
  fill($('#room-code'), code);
  try { state.bots = (await getJSON('/rooms/bots')).bots; } catch { state.bots = { emma: 1 }; }
  const token = seatToken(code);
  if (token || watching) { connect(watching ? null : token); return; }
  try {
    const room = await getJSON(`/rooms/${encodeURIComponent(code)}/info`);
    if (room.status !== 'lobby' || !room.seats.some((s) => s.kind === 'open')) {
      say('Every seat is taken: you are watching.');
      connect(null);
      return;
    }
    $('#join').hidden = false;
  } catch (error) { say(error.message); }
}

$('#join-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  try {
    const joined = await postJSON(`/rooms/${encodeURIComponent(code)}/join`, { name: $('#join-name').value });
    rememberSeat(code, joined.token);
    $('#join').hidden = true;
    connect(joined.token);
  } catch (error) { say(error.message); }
});

function connect(token) {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  socket = new WebSocket(`${scheme}://${location.host}/ws/room/${encodeURIComponent(code)}`);
  socket.addEventListener('open', () => {
    socket.send(JSON.stringify({ type: 'hello', token: token || null }));
  });
  socket.addEventListener('message', (event) => receive(JSON.parse(event.data)));
  socket.addEventListener('close', (event) => {
    if (event.code === 4403) { forgetSeat(code); connection('That seat is not yours any more.', true); $('#join').hidden = false; return; }
    if (event.code === 4404 || event.code === 4400) { connection('There is no such room.', true); return; }
    connection('Connection lost: reconnecting…', true);
    setTimeout(() => connect(token), retry);
    retry = Math.min(retry * 2, 5000);
  });
}

// ------------------------------------------------------------------ messages
function receive(message) {
  if (message.type === 'error') { say(message.message); return; }
  if (message.type === 'presence') { state.room.seats = message.seats; renderLobby(); renderGame(); return; }
  if (message.type === 'welcome') {
    state.you = message.you; retry = 500;
    connection(message.you.role === 'spectator' ? 'Watching (you see only what is on the table).' : `Connected as ${message.you.name}.`);
  }
  state.version = message.version;
  state.room = message.room;
  const game = message.game;
  if (game && (!state.game || state.game.number !== game.number || game.log_from === 0)) state.log = [];
  if (game) state.log.push(...game.log);
  state.game = game;
  say('');
  renderLobby();
  renderGame(game ? game.log : []);
}

// ------------------------------------------------------------------ lobby
function renderLobby() {
  const room = state.room;
  $('#lobby').hidden = false;
  const invite = `${location.origin}/rooms/${room.code}`;
  const link = $('#invite-link');
  link.href = invite; link.textContent = invite;
  fill($('#invite-code'), room.code);
  const host = state.you && state.you.host && room.status === 'lobby';
  fill($('#seats'), room.seats.map((seat) => seatLine(seat, host)));
  $('#start-row').hidden = !host;
  $('#start').disabled = room.seats.some((s) => s.kind === 'open');
}

function seatLine(seat, host) {
  const dot = el('span', { class: `dot ${seat.away ? 'away' : seat.connected ? 'on' : ''}`, 'aria-hidden': 'true' });
  const status = seat.kind === 'open' ? 'empty' : seat.kind === 'bot' ? 'bot' : seat.away ? 'away: a bot plays for now'
    : seat.connected ? 'connected' : 'not connected';
  const line = el('li', { dataset: { seat: seat.seat } }, dot, seat.name || 'Empty seat',
    el('span', { class: 'tag' }, status),
    state.you && state.you.seat === seat.seat ? el('span', { class: 'tag' }, 'you') : null);
  if (host && seat.kind === 'open') {
    const choice = el('select', { 'aria-label': `Bot for seat ${seat.seat + 1}`, class: 'bot-choice' },
      Object.entries(state.bots).map(([name, strength]) => el('option', { value: name }, `${name} (strength ${strength})`)));
    if (state.bots.emma !== undefined) choice.value = 'emma';
    line.append(' ', choice, ' ', el('button', { type: 'button', class: 'add-bot',
      onclick: () => send('add_bot', { seat: seat.seat, bot: choice.value }) }, 'Add bot'));
  } else if (host && seat.kind === 'bot') {
    line.append(' ', el('button', { type: 'button', class: 'remove-bot',
      onclick: () => send('remove_bot', { seat: seat.seat }) }, 'Remove'));
  }
  return line;
}

$('#start').addEventListener('click', () => send('start'));
$('#rematch').addEventListener('click', () => send('start'));
$('#copy-invite').addEventListener('click', () => navigator.clipboard?.writeText($('#invite-link').href));

// ------------------------------------------------------------------ table
// What a finished set is called: a pair under the pairs house rule, else a book.
function bookWord(game) {
  return typeof game.rules === 'object' && game.rules.book_size === 2 ? 'pair' : 'book';
}

// "Books (2): 7s, kings": the count first, then the ranks, so "Books: 2" is never
// read as two books when it is one book of 2s.
function booksLine(game, seat, label) {
  const ranks = game.books[seat];
  const names = ranks.map((rank) => rankName(rank, 2)).join(', ');
  return `${label} (${ranks.length}): ${names || 'none yet'}`;
}

function renderGame(newLog = []) {
  const game = state.game;
  $('#game').hidden = !game;
  if (!game) return;
  const me = state.you ? state.you.seat : null;
  const myTurn = me !== null && game.current_player === me;
  const targets = [...new Set(game.legal_actions.map((a) => a.target))];
  if (!targets.includes(state.target)) state.target = targets.length ? targets[0] : null;

  if (game.winners) {
    const names = game.winners.map((w) => (w === me ? 'You' : nameOf(w)));
    fill($('#turn'), `Game over: ${names.join(' and ')} ${names.length > 1 ? 'share the win' : (names[0] === 'You' ? 'win' : 'wins')}. ${game.ending || ''}`);
  } else {
    fill($('#turn'), myTurn ? 'Your turn: pick an opponent and a rank.' : `${nameOf(game.current_player)}'s turn.`);
  }
  fill($('#opponents'), state.room.seats.filter((s) => s.seat !== me).map((seat) => opponentBox(seat, game, myTurn, targets)));
  fill($('#pond'), `Pond: ${game.pond} card${game.pond === 1 ? '' : 's'}`);
  fill($('#mine'), game.hand ? game.hand.map((card) => cardFace(card)) : []);
  if (me !== null) {
    $('#mine').prepend(el('p', { class: 'my-books' }, booksLine(game, me, `Your ${bookWord(game)}s`)));
  }
  fill($('#ask'), myTurn ? askButtons(game) : []);
  $('#rematch-row').hidden = !(game.winners && state.you && state.you.role === 'player');
  const log = $('#log');
  if (newLog === game.log && game.log_from === 0) log.replaceChildren();
  for (const entry of newLog) log.append(el('li', {}, entry.text));
  log.scrollTop = log.scrollHeight;
}

function opponentBox(seat, game, myTurn, targets) {
  const i = seat.seat;
  const choosable = myTurn && targets.includes(i);
  const box = el(choosable ? 'button' : 'div', {
    class: `room-seat${game.current_player === i ? ' turn' : ''}${choosable && state.target === i ? ' chosen' : ''}`,
    dataset: { seat: i }, type: choosable ? 'button' : null,
    'aria-pressed': choosable ? String(state.target === i) : null,
    onclick: choosable ? () => { state.target = i; renderGame(); } : null,
  },
  el('strong', {}, seat.name || `Seat ${i + 1}`),
  el('span', { class: `dot ${seat.away ? 'away' : seat.connected ? 'on' : ''}`, 'aria-label': seat.connected ? 'connected' : 'not connected' }),
  el('div', {}, `${game.hand_sizes[i]} card${game.hand_sizes[i] === 1 ? '' : 's'}`),
  el('div', { class: 'seat-books' }, booksLine(game, i, bookWord(game) === 'pair' ? 'Pairs' : 'Books')),
  game.in_play[i] ? null : el('div', {}, 'out of play'));
  return box;
}

function askButtons(game) {
  const asks = game.legal_actions.filter((a) => a.target === state.target);
  const label = el('span', {}, `Ask ${nameOf(state.target)} for:`);
  return [label, ...asks.map((a) => el('button', {
    type: 'button', class: 'ask-rank', dataset: { rank: a.rank, suit: a.suit || '' },
    onclick: () => send('ask', a.suit ? { target: a.target, rank: a.rank, suit: a.suit } : { target: a.target, rank: a.rank }),
  }, a.suit ? `${a.rank}${SUIT_SYMBOLS[a.suit]}` : a.rank))];
}

begin();
