// One room: lobby, table and log, driven by the server's messages over a websocket.
// All text from other people (names) goes in with textContent via el()/fill(), never innerHTML.
import { $, bringIntoView, el, fill, makeTabStop, moveAlong } from '/static/js/dom.js';
import {
  capitalised, cardFace, cardName, cardsInWords, counted, heldAtEndText, laidBy, lineWithCardsInWords, namesInWords, passedOverPart, pondWord, pretty, rankName, seaCard, setsLine, suitPlace, SUIT_SYMBOLS,
} from '/static/js/cards.js';
import {
  forgetGone, forgetSeat, getJSON, isToken, nameProblem, postJSON, previousToken, rememberGone, rememberPrevious,
  offerTheTableOnlyIfOpen, rememberSeat, roomCode, say, seatToken, UNREADABLE_SEAT, whyGone,
} from '/rooms/static/rooms-api.js';
import { knobRow } from '/static/js/knobs.js';
import { joinSpec } from '/static/js/savedsetup.js';

offerTheTableOnlyIfOpen();

// Read as the lobby reads a code: /rooms/QSJ-XRS is room QSJXRS, and this browser's seat
// there is found (it was taken for a visitor's, and a second seat could be had). The
// address bar then shows the room's own address, the one its invite gives.
const code = roomCode(location.pathname);
if (/^[A-Z0-9]+$/.test(code) && location.pathname !== `/rooms/${code}`) {
  history.replaceState(null, '', `/rooms/${code}${location.search}${location.hash}`);
}
const watching = new URLSearchParams(location.search).has('watch');
const state = {
  version: -1, room: null, game: null, you: null, log: [], target: null,
  bots: {}, botNames: {}, // registered bots: strength and display name ("Emma", as its seat says)
  botAbout: {}, botOptions: {}, // each bot's description, and the options (knobs) it takes
  token: null, // this browser's seat secret; null once the seat is given up
  carried: null, // a seat's token from a link (#seat=), tried before it is kept
  passedOver: null, // a link's seat set aside for the one held here, tried if that one is gone
  confirming: null, // 'leave', or removalKey() of the person to remove, while asking "are you sure?"
  removed: false, // the host removed us: no "Take a seat" offer
  hadSeat: false, // this page held a seat it has lost: it knows why, so it is not told again
  refusal: null, // the server's refusal of this socket's hello (code, message, reason), for its close
  botChoice: {}, // seat -> the bot picked in its list, kept across re-renders
  botKnobs: {}, // seat -> { open, values: option -> text, refused } for the picked bot, kept alike
  // (refused: { option, text }, the box the server refused a value of, and its words)
  lobbyShown: '', // what the lobby last showed: unchanged, it is not rebuilt (an open list stays open)
  turnTold: '', // the turn (or result) line as last read out: a redraw of it is not news
  seaStop: 0, // the card of the sea that Tab reaches (the only one: see renderSea)
  playing: null, // what this page's player plays with now ('ask' buttons, the 'sea'), if anything
  clockEnds: null, // when the turn clock of the person to move runs out (performance.now() time)
  clockSeat: null, // whose clock that is: this page's seat, or another's (shown, never read out)
  clockTold: false, // this seat's line has been read out: once a turn, not every second
  waitTold: false, // "The game waits for you…" has been read out, while it shows
};
let socket = null;
let retry = 500;
let lastCommand = null;
// Leaving, and the host removing someone, do not depend on what changed meanwhile (a
// bot's ask): refused as stale, they are sent again at the new version, up to this many
// times (not just once: bots that ask quickly can make the second try stale too).
const RETRIED_WHEN_STALE = ['leave', 'remove_player'];
const STALE_RETRIES = 8;

function notice(text) { if (text) $('#notice').textContent = text; }
function clearNotice() { $('#notice').textContent = ''; }
function connection(text, down = false) {
  const line = $('#connection');
  // A status region: the same words put in again at each update could be read out again.
  if (line.textContent !== text) line.textContent = text;
  line.classList.toggle('down', down);
}
function send(type, fields = {}) {
  if (awaitingMove(type) || sentAlready(type, fields)) return;
  if (socket && socket.readyState === WebSocket.OPEN) {
    // As the click saw the room: its seats, and the game dealt then, on this connection.
    lastCommand = { type, fields, seats: state.room ? state.room.seats : [], game: dealtNumber(),
      version: state.version, socket };
    socket.send(JSON.stringify({ type, version: state.version, ...fields }));
    if (type !== 'back') awaitAnswer(socket, UNANSWERED); // a back from a seat already back is not answered
  } else {
    say('Not connected just now, so that was not sent: try again once reconnected.');
  }
}
// A connection can die without closing (a phone's network switched, a router that lost its
// state): the browser may take many minutes to notice, while the page said "Connected" and a
// move clicked went nowhere (and every click after it was held back as a double click). The
// room answers each command (an update or a refusal) at once, or within a bot's longest
// think and a database's reconnecting: silence well past that almost always means the
// connection is gone. (A database stuck far longer, on a lock or a lost network, can set
// this off on a live page: it only reconnects, and the room's versions keep a move from
// being played twice.)
const ANSWER_SECONDS = 20;
let answerWatch = null;
// said: why the page reconnects, for the status line ('' for a ping: nothing was clicked).
function awaitAnswer(sent, said) {
  clearTimeout(answerWatch);
  answerWatch = setTimeout(() => { if (sent === socket) unanswered(sent, said); }, ANSWER_SECONDS * 1000);
}
function stopAwaitingAnswer() { clearTimeout(answerWatch); answerWatch = null; }
const UNANSWERED = 'The room did not answer, so the connection is being made again. Once it is '
  + 'back, look at the table: if your move is not there, make it again.';
function unanswered(dead, said) {
  socket = null; // the dead socket's close, whenever it comes, is of a replaced one
  dead.close();
  if (said) say(said); // a ping's silence leaves what the status line says as it is
  reconnectSoon({});
}
// A quiet table says nothing either way, and a page whose connection had died showed the
// table as it was, "Connected", while the stand-in played its seat: after this long with
// nothing heard the page asks the room (a ping, answered at once with a pong).
const QUIET_SECONDS = 25;
let lastHeard = performance.now();
setInterval(() => {
  if (answerWatch !== null || !socket || socket.readyState !== WebSocket.OPEN || !state.room) return;
  if (performance.now() - lastHeard < QUIET_SECONDS * 1000) return;
  socket.send(JSON.stringify({ type: 'ping' }));
  awaitAnswer(socket, '');
}, 5000);
// The browser knows at once when the device loses its network (a phone out of range, Wi-Fi
// turned off), while the socket still looks open for as long as 45 seconds above: the page
// said "Connected" all that time. It says so now, and asks the room, which may still answer
// (a server on this very machine). Back on the network, a socket that lived through the loss
// is most likely dead: a fresh one is made at once, not after the silence gives it away.
const OFFLINE = 'Your device is offline: nothing reaches the room until the network is back…';
window.addEventListener('offline', () => {
  if (!socket || socket.readyState !== WebSocket.OPEN || !state.room) return;
  connection(OFFLINE, true);
  socket.send(JSON.stringify({ type: 'ping' }));
  awaitAnswer(socket, '');
});
window.addEventListener('online', () => {
  if (!socket && reconnecting === null) return; // not connecting on purpose (a refusal said why)
  const old = socket;
  socket = null; // its close, whenever it comes, is of a replaced socket
  if (old) old.close();
  stopAwaitingAnswer();
  retry = 500;
  connection('Connection lost: reconnecting…', true);
  connect(awayForIdleTurns());
});
// A second click on a move before the room has answered the first (a double-click) could
// only be refused as stale, and the page said "not done" of a move that was played. The
// answer is an update (a new version) or a refusal; a new connection starts afresh.
const MOVES = ['ask', 'fish'];
function awaitingMove(type) {
  const last = lastCommand;
  return MOVES.includes(type) && Boolean(last) && MOVES.includes(last.type) && !last.refused
    && last.socket === socket && last.version === state.version;
}
// So is the same command clicked twice (a double-clicked "Add bot" or "Remove"): the second
// could only be refused as stale, and the page said the bot added was not.
function sentAlready(type, fields) {
  const last = lastCommand;
  return Boolean(last) && !last.refused && last.socket === socket && last.version === state.version
    && last.type === type && JSON.stringify(last.fields) === JSON.stringify(fields);
}
function dealtNumber() { return state.game ? state.game.number : 0; }
// A rematch deals only with every seat filled: say so rather than let the click be refused.
function showRematchWait() {
  const open = state.room.seats.filter((s) => s.kind === 'open').map((s) => `seat ${s.seat + 1}`);
  $('#rematch').disabled = open.length > 0;
  fill($('#rematch-wait'), open.length ? `Waiting for someone to take ${open.join(', ')}, or a bot.` : '');
}

function nameOf(seat) { return state.room.seats[seat].name || `Seat ${seat + 1}`; }
// Who played a seat in this game: after it, the host may have seated someone else there.
function playedBy(game, seat) { return (game.names || [])[seat] || nameOf(seat); }
function isHost() { return Boolean(state.you && state.you.seat !== null && state.room.host === state.you.seat); }
function showRules(room) { fill($('#room-rules'), `Rules: ${room.rules_summary.join(' · ')}`); }

// ------------------------------------------------------------------ connecting
async function begin() {
  fill($('#room-code'), code);
  try {
    ({ bots: state.bots, names: state.botNames, descriptions: state.botAbout = {},
      options: state.botOptions = {} } = await getJSON('/rooms/bots'));
  } catch { state.bots = { emma: 1 }; state.botNames = { emma: 'Emma' }; }
  const carried = takeCarriedSeat();
  state.carried = watching || anotherSeatHeld(carried) ? null : carried;
  state.token = watching ? null : (state.carried || seatToken(code));
  // Last used: first under "Your rooms" (a carried seat once the room has taken it).
  if (state.token && !state.carried) rememberSeat(code, state.token);
  const gone = state.token ? null : whyGone(code);
  if (gone) lostSeat(gone.reason, gone.message); // a reload after leaving: say why again
  connect(); // without a seat: watch (and see who is there) while the join form is offered
}

// A seat carried from another device: /rooms/CODE#seat=TOKEN. The fragment never reaches
// the server (nor its logs); it leaves the address bar and history at once. The token is
// tried before it is kept: a link cut short or mistyped replaced the seat this browser
// held in the room, and its player was left watching for good.
function takeCarriedSeat() {
  const carried = /^#seat=([A-Za-z0-9_-]{16,64})$/.exec(location.hash);
  if (!carried) return null;
  history.replaceState(null, '', location.pathname + location.search);
  return carried[1];
}

// A link to another seat than the one this browser holds here is not used (nor tried: a
// link cut short is no seat either): taken, it put this browser's own seat's token out of its
// storage, and that seat had nobody left to play it. It is kept aside: should the seat held
// here be gone (given up while this browser was closed), the link's seat is tried after all.
function anotherSeatHeld(carried) {
  const held = seatToken(code);
  if (!carried || !held || carried === held) return false;
  state.passedOver = carried;
  notice('The link you opened is not for the seat this browser holds in this room, so it was '
    + 'not used: you keep your seat. To take another seat here, leave yours first.');
  return true;
}

// The seat held here is gone: the link set aside for it is tried now, as a link opened
// here without a seat is. Dropped, it left its reader with no seat and no link.
function tryPassedOverSeat() {
  const carried = state.passedOver;
  state.passedOver = null;
  if (!carried) return false;
  state.carried = state.token = carried;
  state.removed = false;
  state.hadSeat = false;
  clearNotice(); // "you keep your seat" was not so
  connect();
  return true;
}

// Whether this page's hello is the carried seat's, still waiting for the room's answer.
function tryingCarriedSeat() { return Boolean(state.carried) && state.token === state.carried; }

// The room took the carried seat: from now on it is this browser's seat there.
function keepCarriedSeat(you) {
  if (!tryingCarriedSeat()) return;
  state.carried = null;
  if (!you || you.seat === null) return;
  rememberSeat(code, state.token);
  forgetGone(code);
}

const CARRIED_REFUSED = 'The link you opened does not lead to a seat in this room (cut short or '
  + 'mistyped, or its seat was given up), so it was not used.';

// The room refused the carried seat: drop it, and go back to the seat this browser held
// here, if any. True if that was the refusal.
function carriedSeatRefused() {
  if (!tryingCarriedSeat()) return false;
  state.carried = null;
  state.token = seatToken(code);
  notice(`${CARRIED_REFUSED} ${state.token ? 'You keep the seat you had here.'
    : 'You are watching: take a seat if one is free.'}`);
  connect();
  return true;
}

// A page opened as localhost hands out links no friend's machine can follow.
function onlyThisComputer(hostname) {
  return hostname === 'localhost' || hostname.endsWith('.localhost') || hostname === '[::1]' ||
    /^127(\.\d{1,3}){3}$/.test(hostname);
}
// After a game too: the host may have opened a bot's seat to a friend for the rematch.
function betweenGames(room) { return room.status === 'lobby' || room.status === 'over'; }
function chosenSeat() {
  const picked = $('#join-seat').value;
  return picked === '' ? {} : { seat: Number(picked) };
}
function canJoin(room) { return betweenGames(room) && room.seats.some((s) => s.kind === 'open'); }

// Another tab of this browser took a seat here (it joined, or opened a seat's link): this
// page, still offering "Take a seat", takes that seat too. Joining here sat the same person
// down twice, and the browser kept only the second seat: a reload of the first tab moved
// them to it, and the stand-in played the first. True if this page took it.
function seatTakenInAnotherTab() {
  if (watching || state.token || state.carried) return false;
  const token = seatToken(code);
  if (!isToken(token)) return false;
  state.token = token;
  state.removed = false;
  forgetGone(code);
  clearNotice(); // "You left the room…" is over: seated again, in the other tab
  const watchingSocket = socket;
  connect();
  if (watchingSocket) watchingSocket.close();
  return true;
}
window.addEventListener('storage', () => seatTakenInAnotherTab());
// A seat's link opened in a tab that shows this room already (pasted into its address bar)
// changes only the fragment: the page did not load again, so the seat was never tried and
// its token stayed in the address bar. Loaded again, the start tries it as a new tab does.
window.addEventListener('hashchange', () => { if (/^#seat=/.test(location.hash)) location.reload(); });

$('#join-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  // Should this page not have heard of it (an event missed): the browser's seat, not a second.
  if (seatTakenInAnotherTab()) {
    notice('This browser already holds a seat in this room (taken in another tab): this page is in it too.');
    return;
  }
  const problem = nameProblem($('#join-name').value);
  if (problem) { say(problem); return; }
  // A double-clicked Join sent a second join, refused (the name was taken by the first).
  const button = $('#join-button');
  if (button.disabled) return;
  button.disabled = true;
  try {
    const joined = await postJSON(`/rooms/${encodeURIComponent(code)}/join`,
      { name: $('#join-name').value, previous_token: previousToken(code), ...chosenSeat() });
    rememberSeat(code, joined.token);
    forgetGone(code);
    clearNotice(); // "You left the room…" is over: seated again
    $('#join').hidden = true;
    $('#lobby-title').focus(); // the form is gone: land on the seats, where we now sit
    state.token = joined.token;
    state.removed = false;
    const watchingSocket = socket;
    connect(); // say hello again, with the seat's token
    if (watchingSocket) watchingSocket.close();
  } catch (error) { say(error.message); } finally { button.disabled = false; }
});

// stillAway: this page reconnects by itself (a dropped connection, a restarted server)
// while its seat was away for idle turns: the hello says so, since a page coming back on
// its own is no sign its player is (a reload, or the "Play again myself" button, is one).
// A reconnect waiting its turn when the page connects for another reason (a seat taken in
// another tab, a join): made as well, it left the page on two connections to the room.
let reconnecting = null;
function connect(stillAway = false) {
  clearTimeout(reconnecting);
  reconnecting = null;
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  const mine = new WebSocket(`${scheme}://${location.host}/ws/room/${encodeURIComponent(code)}`);
  socket = mine;
  lastHeard = performance.now(); // a new connection: quiet from now on, not since the last
  state.refusal = null; // a refusal is of one hello: an earlier socket's says nothing of this one
  mine.addEventListener('open', () => {
    const hello = { type: 'hello', token: state.token || null };
    if (stillAway && state.token) hello.away = true;
    mine.send(JSON.stringify(hello));
  });
  mine.addEventListener('message', (event) => {
    if (mine === socket) { stopAwaitingAnswer(); lastHeard = performance.now(); }
    receive(JSON.parse(event.data));
  });
  mine.addEventListener('close', (event) => {
    if (mine !== socket) return; // replaced by a newer socket (after joining)
    stopAwaitingAnswer(); // its close says it all: reconnecting once is enough
    closed(event.code, state.refusal || {});
  });
}

// The server's close codes (server.py's CLOSE_*) this page acts on; any other means "try
// again": 1008 (a client too far behind), 1011 (the database failed), 1013 (the room was
// reloaded, or too many pages watch from this address), or a dropped connection.
const CLOSE_BAD_HELLO = 4400;
const CLOSE_FORBIDDEN = 4403;
const CLOSE_NOT_FOUND = 4404;
// Said alone, it left the reader with nowhere to go: the way on is Rooms, in the menu.
const NO_SUCH_ROOM = `There is no such room. Check the code ${code}, or open or join `
  + 'another room from Rooms, above.';

// What a close means here; refusal: the server's refusal of this socket's hello, if any.
function closed(closeCode, refusal) {
  if (closeCode === CLOSE_FORBIDDEN) { seatRefused(refusal); return; }
  if (closeCode === CLOSE_BAD_HELLO) { helloUnreadable(refusal); return; }
  if (closeCode === CLOSE_NOT_FOUND) { connection(NO_SUCH_ROOM, true); return; }
  reconnectSoon(refusal);
}

// Our token holds no seat (left, removed, or another room's): watch instead.
function seatRefused(refusal) {
  if (carriedSeatRefused()) return;
  lostSeat(refusal.reason || 'left', refusal.message || 'That seat is not yours any more: you are watching.');
  if (!tryPassedOverSeat()) connect();
}

// The room is there but could not read our hello. With a seat token, the token is at fault
// (edited by hand in the browser's storage, or cut short): forget it and watch, so the room
// is seen and a seat can be taken again. It is not kept as the previous token, which a join
// sends along: the join would be refused for it. Without a token the page's own hello is at
// fault, and sending it again would only be refused again: stop, and say so.
function helloUnreadable(refusal) {
  if (carriedSeatRefused()) return;
  if (!state.token) {
    connection(`This page could not join the room: the server could not read what it sent `
      + `(${refusal.message || 'no reason given'}). Reload the page to try again.`, true);
    return;
  }
  state.token = null;
  lostSeat('unreadable', UNREADABLE_SEAT);
  if (!tryPassedOverSeat()) connect();
}

// Refusals that pass (a database that failed, too many pages watching from this address) are
// said in the server's words: "Connection lost" would send the reader looking at their network.
const REFUSED_FOR_NOW = ['storage', 'full', 'rate_limited'];

// Whether this page's own seat is away: connected, it can be only for its idle turns.
function awayForIdleTurns() {
  const seat = state.you && state.room && state.you.seat !== null ? state.room.seats[state.you.seat] : null;
  return Boolean(seat && seat.away);
}

function reconnectSoon(refusal) {
  connection(REFUSED_FOR_NOW.includes(refusal.code)
    ? `Not connected: ${refusal.message}. Trying again shortly…` : 'Connection lost: reconnecting…', true);
  const away = awayForIdleTurns(); // as last heard, before the connection went
  clearTimeout(reconnecting);
  reconnecting = setTimeout(() => connect(away), retry);
  retry = Math.min(retry * 2, 5000);
}

// ------------------------------------------------------------------ messages
function receive(message) {
  // The connection is alive: that is all it says (a line that said offline is put right).
  if (message.type === 'pong') { if (state.room) showConnected(); return; }
  if (message.type === 'error') { refused(message); return; }
  if (message.type === 'presence') {
    if (!state.room) return;
    state.room.seats = message.seats;
    setTurnClock(message.turn_clock);
    renderAndTell(() => { renderLobby(); renderGame(); }, []);
    return;
  }
  if (message.type === 'unseated') { unseated(message); return; }
  if (message.type === 'welcome') {
    state.you = message.you; retry = 500; state.passedOver = null; keepCarriedSeat(message.you);
  }
  const game = message.game;
  const firstSight = !state.room; // a load or reload: the table is shown, its story not retold
  const fresh = game ? game.log.slice(Math.max(0, entriesKnown(game) - game.log_from)) : [];
  // A deal seen happening (the first too) clears the notice of the lobby or the last game.
  if (game && !firstSight && (!state.game || state.game.number !== game.number)) clearNotice();
  notice(message.notice);
  state.version = message.version;
  state.room = message.room;
  showRules(message.room);
  if (game && (!state.game || state.game.number !== game.number || game.log_from === 0)) state.log = [];
  if (game) state.log.push(...game.log);
  state.game = game;
  setTurnClock(message.turn_clock);
  say('');
  const render = () => { renderLobby(); renderGame(game ? game.log : []); };
  if (!firstSight) { renderAndTell(render, fresh, message.notice); return; }
  keepingFocus(render);
  state.turnTold = $('#turn').textContent;
}

// How many of this game's log entries the page has shown (and read out) already.
function entriesKnown(game) {
  return state.game && state.game.number === game.number ? state.log.length : 0;
}

// ------------------------------------------------------------------ announcements
// One live region (#announcer) reads the table out: the log and the turn line are not
// live, so nothing is heard twice. A move is read as it happens; whose turn it is, the
// result, and a seat left or taken over are read from the line that says them best.
// ``notice``: what the message puts in the notice line, which reads it out.
function renderAndTell(render, entries, notice = null) {
  const turn = $('#turn');
  const wasOnTurn = document.activeElement === turn;
  keepingFocus(render);
  // Focus landing on the turn line reads it out: the announcer does not say it too.
  const readOnFocus = !wasOnTurn && document.activeElement === turn;
  announce([...entries.map((entry) => spokenPart(entry, notice)).filter(Boolean),
    ...turnNews(readOnFocus), ...turnClockNews(),
    ...waitNews()]);
}

// What of a log entry the announcer reads. "Bob's turn." (the turn line), "Game over…"
// (the result line) and "Bob left…" or "Ann is away, so Bob is the host now." (the notice
// line) are each said by a line of their own; a seat passed over ("Ann is passed over.
// Bob's turn.") and a stand-in starting to play for someone away ("Bob is away: …", in no
// other line) are said only here. A leave or a host's hand-over is the notice line's only
// in the update that made it: a page whose connection was down then hears of it in the log
// its return brings, or never.
const NOTICE_LINE_EVENTS = new Set(['seat_left', 'seat_removed', 'seat_host']);

function spokenPart(entry, notice) {
  const type = entry.event.type;
  if (type === 'game_over') return '';
  if (NOTICE_LINE_EVENTS.has(type)) return entry.text === notice ? '' : entry.text;
  return type === 'turn_passed' ? passedOver(entry) : entry.text;
}

function passedOver(entry) {
  return passedOverPart(entry.event, entry.text, state.you ? state.you.seat : null, nameOf);
}

// The turn line, if it says something new: a redraw with the same words is not read again.
function turnNews(readOnFocus) {
  const text = $('#turn').textContent;
  if (text === state.turnTold) return [];
  state.turnTold = text;
  return text && !readOnFocus ? [text] : [];
}

function announce(lines) {
  const announcer = $('#announcer');
  for (const text of lines) announcer.append(el('p', {}, cardsInWords(text)));
  // Old lines go (their removal is not read): the region stays small.
  while (announcer.children.length > 12) announcer.firstElementChild.remove();
}

// Re-rendering replaces the focused control: put focus on its successor (same data-key),
// or somewhere sensible, so a keyboard user does not start again from the top of the page.
function keepingFocus(render) {
  const active = document.activeElement;
  render();
  if (!active || active === document.body || (active.isConnected && !active.closest('[hidden]'))) return;
  const key = active.dataset ? active.dataset.key : undefined;
  const successor = key ? successorOf(active, key) : null;
  const next = successor || focusFallback();
  if ($('#game').hidden) {
    next.focus();
    return;
  }
  // At the table, the browser's own scroll to the focused control (an ask button, once Start
  // is gone) could push the turn line off a phone's screen: scroll as the turn does instead.
  next.focus({ preventScroll: true });
  bringIntoView(next, $('#turn'));
}

// The same control drawn again: an open "are you sure?" has its Cancel and its yes under
// one key (so either answer goes back to the button that asked), and the first of them,
// the yes, took the focus from Cancel at every update: Enter then gave the seat up.
function successorOf(active, key) {
  const alike = [...document.querySelectorAll(`[data-key="${CSS.escape(key)}"]`)];
  return alike.find((control) => control.className === active.className) || alike[0] || null;
}

function focusFallback() {
  const ask = $('#ask .ask-rank') || $('#sea button[tabindex="0"]');
  if (ask) return ask;
  if (!$('#join').hidden) return $('#join-name');
  return $('#game').hidden ? $('#lobby-title') : $('#turn');
}

// What a spectator is told: why there is no seat for them, if they came to play.
function watchingText(room) {
  const see = 'you see only what is on the table';
  if (watching || state.hadSeat || canJoin(room)) return `Watching (${see}).`;
  if (room.status === 'closed') return `Watching: everyone has left, so the room is closed (${see}).`;
  if (room.status === 'lobby') return `Watching: every seat is taken (${see}).`;
  if (room.status === 'over') return `Watching: the game is over, and its players keep their seats (${see}).`;
  return `Watching: the game has started (${see}).`;
}

// A removal sent again must still mean the person the host clicked: in the lobby someone
// else may have taken that seat meanwhile. Leaving always means one's own seat.
function stillMeant(command) {
  if (command.type !== 'remove_player') return true;
  const seat = command.fields.seat;
  const then = command.seats[seat];
  const now = state.room.seats[seat];
  return Boolean(then && now && now.kind === 'human' && now.name === then.name);
}

function refused(message) {
  if (lastCommand) lastCommand.refused = true; // answered: another move may be tried
  const again = lastCommand && RETRIED_WHEN_STALE.includes(lastCommand.type) ? lastCommand : null;
  if (message.code === 'stale' && again && (again.retries || 0) < STALE_RETRIES && stillMeant(again)) {
    send(again.type, again.fields);
    lastCommand = { ...again, retries: (again.retries || 0) + 1 }; // still the click's command
    return;
  }
  // The hello's refusal: the close that follows says what it means (closed()), in plain words.
  if (message.version === null) { state.refusal = message; return; }
  // Two players clicked Rematch at once: the other's deal came first, which is what both wanted.
  const dealtMeanwhile = lastCommand && lastCommand.type === 'start' && dealtNumber() !== lastCommand.game;
  if (dealtMeanwhile) return;
  const seat = message.option && lastCommand && lastCommand.type === 'add_bot' ? lastCommand.fields.seat : null;
  if (seat !== null && markRefusedKnob(seat, message.option, message.message)) {
    // The note under the box says why, heard as the box is focused: the reason said here
    // too was heard twice.
    say(pointerToNote(seat, message.option));
    return;
  }
  say(message.code === 'stale' ? STALE_TEXT : message.message);
}

// The seat's bot option the server refused: its Options opened, its box marked, described
// by the refusal's words (a note under the box: #status is emptied at the next update) and
// focused, as the start form does. Kept in the seat's knob state, so redraws keep it. False
// if the lobby shows no such box.
function markRefusedKnob(seat, option, text) {
  const knobs = knobsOf(seat);
  const shown = $(`.bot-knobs[data-seat="${seat}"]`);
  if (!shown || !(state.botOptions[pickedBot(seat)] || []).some(({ name }) => name === option)) return false;
  knobs.open = true;
  knobs.refused = { option, text };
  shown.replaceWith(botKnobs(seat));
  $(`#bot-${seat}-${option}`)?.focus();
  return true;
}

// What the status line says of a refused bot option: where the note that says why is.
function pointerToNote(seat, option) {
  return `Not seated: see the note under “${option}” in the options of the bot for seat ${seat + 1}.`;
}

// The server's "based on version 41, but the room is at version 42" is for programs.
const STALE_TEXT = 'The room changed just before that reached it (someone joined, left or played), '
  + 'so it was not done: look again and retry.';

// Our seat was given up (Leave) or taken away (the host): forget its secret, watch on.
function unseated(message) {
  state.confirming = null;
  lostSeat(message.reason, message.message);
}

function lostSeat(reason, message) {
  if (state.token) rememberPrevious(code, state.token); // a later join sends it along
  forgetSeat(code);
  rememberGone(code, reason, message);
  state.token = null;
  state.removed = reason === 'removed';
  state.hadSeat = true;
  notice(message);
}

// ------------------------------------------------------------------ lobby
function showConnected() {
  const spectator = !state.you || state.you.seat === null;
  connection(spectator ? watchingText(state.room) : `Connected as ${state.you.name}.`);
}

function renderLobby() {
  const room = state.room;
  const spectator = !state.you || state.you.seat === null;
  showConnected();
  renderCarry();
  if (state.confirming !== null && state.confirming !== 'leave'
      && !room.seats.some((s) => s.kind === 'human' && removalKey(s) === state.confirming)) {
    state.confirming = null; // the person asked about is gone from that seat
  }
  const shown = JSON.stringify([room.seats, room.host, room.host_news, room.status, state.you, state.confirming,
    state.removed]);
  if (shown === state.lobbyShown) return;
  state.lobbyShown = shown;
  $('#lobby').hidden = false;
  $('#invite').hidden = room.status === 'closed'; // nobody can join a closed room
  const invite = `${location.origin}/rooms/${room.code}`;
  const link = $('#invite-link');
  link.href = invite; link.textContent = invite;
  $('#invite-local').hidden = $('#invite').hidden || !onlyThisComputer(location.hostname);
  fill($('#invite-code'), room.code);
  const host = isHost();
  fill($('#seats'), room.seats.map((seat) => seatLine(seat, host)));
  renderHostNews(room, host);
  $('#start-row').hidden = !(host && room.status === 'lobby');
  const empty = room.seats.filter((s) => s.kind === 'open').length;
  $('#start').disabled = empty > 0;
  fill($('#start-hint'), empty ? `Fill the ${empty === 1 ? 'empty seat' : `${empty} empty seats`} (a friend or a bot) to start.` : '');
  renderLeave();
  $('#join').hidden = !(spectator && !watching && !state.removed && canJoin(room));
  renderSeatChoice(room);
}

// The open seats a friend may pick (turn order follows the seats, so who sits after whom
// matters): the one picked stays picked while it is open; otherwise the first open seat.
function renderSeatChoice(room) {
  const menu = $('#join-seat');
  const picked = menu.value;
  const open = room.seats.filter((s) => s.kind === 'open');
  fill(menu, [el('option', { value: '' }, 'First empty seat'),
    ...open.map((s) => el('option', { value: String(s.seat) }, `Seat ${s.seat + 1}`))]);
  menu.value = open.some((s) => String(s.seat) === picked) ? picked : '';
}

// The lobby has no log: how the host role passed on stays said under the seats, for a
// page that was away at the moment or whose notice line has said other things since.
function renderHostNews(room, host) {
  const news = $('#host-news');
  news.hidden = !room.host_news;
  // The new host's own page reads "… so you are the host now.", not its own name, and
  // the away host's "You are away, so …".
  const away = room.host_news_away;
  const mine = state.you ? state.you.seat : null;
  fill(news, !room.host_news ? '' : host
    ? `${room.host_news_yours || room.host_news} You seat bots and start the game.`
    : away && mine !== null && away.seat === mine ? away.text : room.host_news);
}

// "Continue on another device": only for this page's own seat, while it holds one.
function renderCarry() {
  const carry = $('#carry');
  const hide = !(state.token && state.you && state.you.seat !== null && state.room.status !== 'closed');
  if (hide) { carry.open = false; $('#carry-row').replaceChildren(); }
  carry.hidden = hide;
}

$('#carry').addEventListener('toggle', () => {
  const carry = $('#carry');
  if (!carry.open || !state.token) { $('#carry-row').replaceChildren(); return; }
  const link = el('input', { id: 'carry-link', readonly: '', 'aria-label': 'Link to your seat',
    value: `${location.origin}/rooms/${code}#seat=${state.token}` });
  const status = el('span', { class: 'copy-status', role: 'status' });
  fill($('#carry-row'), link, ' ', el('button', { type: 'button', id: 'copy-carry',
    onclick: () => copyField(link, status) }, 'Copy link'), ' ', status);
});

// Plain http on a home network has no clipboard API: select the link instead.
async function copyField(field, status) {
  try {
    await navigator.clipboard.writeText(field.value);
    fill(status, 'Link copied.');
  } catch {
    field.select();
    fill(status, 'The link is selected: copy it with Ctrl+C (⌘C), or long-press on a phone.');
  }
}

function seatStatus(seat) {
  if (seat.kind === 'open') return 'empty';
  if (seat.vacated) return state.room.status === 'closed' ? seat.vacated : `${seat.vacated}; ${seat.stand_in} plays`;
  if (seat.kind === 'bot') return 'bot';
  // Between games no one plays: "a bot plays for now" was said of a finished game too.
  if (seat.away && state.room.status === 'playing') return awayInPlay();
  if (seat.away) return 'away';
  return seat.connected ? 'connected' : 'not connected';
}

// Stand-ins play only while an active person is here: with everyone gone (or away for their
// idle turns, tab open), the game waits for them.
function awayInPlay() {
  return someoneActive() ? 'away: a bot plays for now' : 'away: the game waits for a player to come back';
}

// As the server decides whether stand-ins play: a person seated, connected and not away.
function someoneActive() {
  return state.room.seats.some((seat) => seat.kind === 'human' && seat.connected && !seat.away);
}

function dotClass(seat) {
  return `dot ${seat.away ? 'away' : seat.connected ? 'on' : ''}`;
}

// The dot at a seat of the table says what its colour shows. An image: aria-label on a
// plain span is not read out.
function connectionDot(seat) {
  const words = seat.away ? 'away' : seat.connected ? 'connected' : 'not connected';
  return el('span', { class: dotClass(seat), role: 'img', 'aria-label': words });
}

function seatLine(seat, host) {
  const dot = el('span', { class: dotClass(seat), 'aria-hidden': 'true' });
  // A bot's options come with its name ("Expert (bot) (noise=0.2)"), as at a single-player table.
  const line = el('li', { dataset: { seat: seat.seat } }, dot, seat.label || seat.name || 'Empty seat');
  const mine = state.you && state.you.seat === seat.seat;
  // The seat filled, a value refused for its bot is past: not marked when it opens again.
  if (seat.kind !== 'open' && state.botKnobs[seat.seat]) state.botKnobs[seat.seat].refused = null;
  // A space before each tag: set apart by its margin alone, a screen reader read the
  // name and tags as one word ("Annconnectedhostyou").
  for (const tag of [seatStatus(seat), state.room.host === seat.seat ? 'host' : null, mine ? 'you' : null]) {
    if (tag) line.append(' ', el('span', { class: 'tag' }, tag));
  }
  if (host && seat.kind === 'human' && !mine && state.room.status !== 'closed') {
    line.append(' ', removeControl(seat));
    return line;
  }
  host = host && betweenGames(state.room); // after a game, a bot's seat can open for a friend
  if (host && seat.kind === 'open') {
    const knobs = botKnobs(seat.seat);
    line.append(' ', botChoice(seat.seat), ' ', el('button', { type: 'button', class: 'add-bot',
      dataset: { key: `bot-${seat.seat}` }, onclick: () => send('add_bot', { seat: seat.seat, bot: chosenSpec(seat.seat) }) },
    'Add bot'), knobs);
  } else if (host && seat.kind === 'bot') {
    // "Remove" alone, beside "Ann left; Emma (bot) plays", read as removing Ann.
    line.append(' ', el('button', { type: 'button', class: 'remove-bot', dataset: { key: `bot-${seat.seat}` },
      'aria-label': `Remove bot from seat ${seat.seat + 1}`,
      onclick: () => send('remove_bot', { seat: seat.seat }) }, 'Remove bot'));
  }
  return line;
}

// Which bot to seat; the pick survives the list being rebuilt (someone connecting).
function botChoice(seat) {
  const choice = el('select', { id: `bot-${seat}`, 'aria-label': `Bot for seat ${seat + 1}`, class: 'bot-choice',
    'aria-describedby': `bot-about-${seat}`, dataset: { key: `choice-${seat}` },
    onchange: () => {
      state.botChoice[seat] = choice.value;
      state.botKnobs[seat] = { open: knobsOf(seat).open, values: {} }; // another bot: its own defaults
      keepingFocus(() => $(`.bot-knobs[data-seat="${seat}"]`).replaceWith(botKnobs(seat)));
    } },
  Object.entries(state.bots).map(([name, strength]) => el('option', { value: name },
    `${state.botNames[name] || name} (strength ${strength})`)));
  choice.value = pickedBot(seat);
  return choice;
}

function pickedBot(seat) {
  const picked = state.botChoice[seat] ?? 'emma';
  return state.bots[picked] !== undefined ? picked : Object.keys(state.bots)[0];
}

function knobsOf(seat) {
  state.botKnobs[seat] ??= { open: false, values: {} };
  return state.botKnobs[seat];
}

// The picked bot's options, each a labelled box (empty: the bot's default), under a closed
// "Options" until asked for: the lobby's line stays short. What was typed, and whether it is
// open, survive the lobby being rebuilt; the server says what it refuses in a value.
function botKnobs(seat) {
  const bot = pickedBot(seat);
  const knobs = knobsOf(seat);
  const about = el('p', { class: 'bot-about', id: `bot-about-${seat}` }, state.botAbout[bot] || '');
  const fields = (state.botOptions[bot] || []).map(({ name, description }) => {
    const id = `bot-${seat}-${name}`;
    const refused = knobs.refused && knobs.refused.option === name ? knobs.refused.text : null;
    const words = refused ? el('p', { class: 'error knob-note', id: `${id}-refused` }, refused) : null;
    return knobRow(id, name, description, knobs.values[name], {
      type: 'text', 'aria-describedby': refused ? `${id}-refused ${id}-about` : `${id}-about`,
      'aria-invalid': refused ? 'true' : null, dataset: { key: `knob-${seat}-${name}` },
      oninput: (event) => { knobs.values[name] = event.target.value; unmarkKnob(seat, event.target); },
    }, words).row;
  });
  const box = el('details', { class: 'bot-knobs', open: knobs.open || null, dataset: { seat } },
    // Seen beside its seat's line; heard alone when tabbed to, so it names the seat.
    el('summary', { dataset: { key: `knobs-${seat}` } }, fields.length ? 'Options' : 'About',
      el('span', { class: 'visually-hidden' }, ` of the bot for seat ${seat + 1}`)),
    about, fields.length ? el('div', { role: 'group', 'aria-label': `Options of the bot for seat ${seat + 1}` }, fields) : null);
  box.addEventListener('toggle', () => { knobs.open = box.open; });
  return box;
}

// Edited, the refused box is old news: unmarked, described by its option's words alone.
function unmarkKnob(seat, box) {
  if (!box.hasAttribute('aria-invalid')) return;
  knobsOf(seat).refused = null;
  box.removeAttribute('aria-invalid');
  box.setAttribute('aria-describedby', `${box.id}-about`);
  $(`#${box.id}-refused`)?.remove();
  // The status line's pointer to that note goes with it (not whatever was said since).
  if ($('#status').textContent === pointerToNote(seat, box.dataset.option)) say('');
}

// The bot to seat, with the options given it (``expert:noise=0.2``); an empty box is left out.
function chosenSpec(seat) {
  const bot = pickedBot(seat);
  const offered = new Set((state.botOptions[bot] || []).map((option) => option.name));
  const given = Object.entries(knobsOf(seat).values)
    .filter(([name, value]) => offered.has(name) && value.trim())
    .map(([name, value]) => [name, value.trim()]);
  return joinSpec(bot, Object.fromEntries(given));
}

// "Are you sure?" in place, since a seat given up cannot be had back (its token is revoked).
function confirmable(key, label, question, yes, action, extra = {}) {
  if (state.confirming !== key) {
    const ask = () => { state.confirming = key; renderLobby(); $('.confirm .confirm-no')?.focus(); };
    return el('button', { type: 'button', ...extra, dataset: { key: `confirm-${key}` }, onclick: ask }, label);
  }
  // Either answer goes back to the button that asked (same data-key), until the server's answer.
  const settle = () => keepingFocus(() => { state.confirming = null; renderLobby(); });
  return el('span', { class: 'confirm', role: 'group', 'aria-label': question }, question, ' ',
    el('button', { type: 'button', class: 'danger confirm-yes', dataset: { key: `confirm-${key}` },
      onclick: () => { action(); settle(); } }, yes), ' ',
    el('button', { type: 'button', class: 'confirm-no', dataset: { key: `confirm-${key}` }, onclick: settle }, 'Cancel'));
}

// The stand-in already playing for this seat's away person plays on; else the next one's name.
// A seat taken after the game was dealt holds none of its cards: it opens, as in the lobby.
function afterwards(index) {
  const room = state.room;
  const standIn = room.seats[index].stand_in || room.stand_in;
  const opens = room.status === 'lobby' || (room.seated_after_deal || []).includes(index);
  return opens ? 'The seat opens for someone else.'
    : `${standIn} plays the seat${room.status === 'playing' ? ' for the rest of the game' : ''}.`;
}

// The question is about a person, not a seat: Bob leaving meanwhile and Cy sitting down there
// put "Remove Cy?" in front of a host who had clicked to remove Bob.
function removalKey(seat) { return `remove ${seat.seat} ${seat.name}`; }

function removeControl(seat) {
  const who = seat.name;
  return confirmable(removalKey(seat), `Remove ${who}`, `Remove ${who}? ${afterwards(seat.seat)}`, `Remove ${who}`,
    () => send('remove_player', { seat: seat.seat }), { class: 'remove-player' });
}

function renderLeave() {
  const row = $('#leave-row');
  const seat = state.you ? state.you.seat : null;
  row.hidden = seat === null || state.room.status === 'closed';
  if (row.hidden) { row.replaceChildren(); return; }
  fill(row, confirmable('leave', 'Leave the room', `Leave the room? ${leaving(seat)}`,
    'Leave', () => send('leave'), { class: 'leave' }));
}

// What leaving does: to the seat, and to the host role (passed round in seat order), or the room closes.
function leaving(seat) {
  const room = state.room;
  const others = room.seats.some((s) => s.kind === 'human' && s.seat !== seat);
  if (others) return afterwards(seat) + hostNote(seat);
  if (room.status === 'lobby') return 'The seat opens, and whoever joins next runs the room.';
  return `Nobody else is seated, so the room closes${room.status === 'playing' ? ' and the game stops here' : ''}.`;
}

function hostNote(seat) {
  const seats = state.room.seats;
  if (state.room.host !== seat) return '';
  for (let step = 1; step < seats.length; step += 1) {
    const next = seats[(seat + step) % seats.length];
    if (next.kind === 'human') return ` ${next.name} becomes the host.`;
  }
  return '';
}

$('#start').addEventListener('click', () => send('start'));
$('#rematch').addEventListener('click', () => send('start'));
$('#back').addEventListener('click', () => send('back'));
$('#copy-invite').addEventListener('click', copyInvite);

// A page opened over plain http on a home network has no clipboard API: select the link instead.
async function copyInvite() {
  const link = $('#invite-link');
  try {
    await navigator.clipboard.writeText(link.href);
    fill($('#copy-status'), 'Link copied.');
  } catch {
    getSelection().selectAllChildren(link);
    fill($('#copy-status'), 'The link is selected: copy it with Ctrl+C (⌘C), or long-press on a phone.');
  }
}

// ------------------------------------------------------------------ table
// What a finished set is called: a pair under the pairs house rule, else a book.
function bookWord(game) {
  return typeof game.rules === 'object' && game.rules.book_size === 2 ? 'pair' : 'book';
}

// A game's rules are a preset's name, or an object with the preset and its house rules.
function presetOf(game) {
  return typeof game.rules === 'object' ? game.rules.preset : game.rules;
}

// "Pond", or "Sea" for Hopp i havet, as the log says.
function pileName(game) {
  return capitalised(pondWord(presetOf(game)));
}

// "Books (2): 7s, kings": the count first, then the ranks, so "Books: 2" is never
// read as two books when it is one book of 2s. A pair's cards are read in words.
function booksLine(game, seat, label) {
  const size = bookWord(game) === 'pair' ? 2 : 4;
  return lineWithCardsInWords(setsLine(label, game.books[seat], (game.laid || [])[seat] || [], size));
}

function renderGame(newLog = []) {
  const game = state.game;
  // The table opens above the lobby: from the page's top, or a phone scrolled down to Start
  // showed it with the turn line above the screen (and nothing brought the asks into view).
  if (game && $('#game').hidden) window.scrollTo(0, 0);
  $('#game').hidden = !game;
  // The game's own viewer: a friend seated after it was dealt sees it as a spectator.
  const me = game ? game.viewer : (state.you ? state.you.seat : null);
  const myTurn = Boolean(game) && me !== null && game.current_player === me;
  showTitle(game, me, myTurn);
  if (!game) return;
  const targets = [...new Set(game.legal_actions.map((a) => a.target))];
  if (!targets.includes(state.target)) state.target = targets.length ? targets[0] : null;

  if (state.room.status === 'closed') {
    fill($('#turn'), 'Everyone has left: the room is closed.');
  } else if (game.winners) {
    fill($('#turn'), isolated(resultLine(game, me)));
  } else {
    fill($('#turn'), isolated(turnLine(game, me, myTurn)));
  }
  fill($('#opponents'), state.room.seats.filter((s) => s.seat !== me).map((seat) => opponentBox(seat, game, myTurn, targets)));
  fill($('#pond'), `${pileName(game)}: ${counted(game.pond, 'card')}`);
  renderSea(game, me);
  fill($('#mine'), game.hand ? game.hand.map((card) => cardFace(card)) : []);
  if (me !== null) {
    $('#mine').prepend(el('p', { class: 'my-books' }, booksLine(game, me, `Your ${bookWord(game)}s`)));
  }
  fill($('#ask'), myTurn && game.fishing === null ? askButtons(game) : []);
  showWhatToPlay(game, me, myTurn);
  showTurnClock();
  showStandInForMe(me);
  $('#rematch-row').hidden = !(game.winners && state.you && state.you.seat !== null && state.room.status !== 'closed');
  showRematchWait();
  const log = $('#log');
  if (newLog === game.log && game.log_from === 0) log.replaceChildren();
  for (const entry of newLog) {
    log.append(el('li', { class: entry.event.type.startsWith('seat_') ? 'room-notice' : null }, lineWithCardsInWords(entry.text, isolated)));
  }
  // Only news scrolls it down: a redraw (a target picked, someone connecting) pulled a
  // player reading back up the log to its end.
  if (newLog.length) log.scrollTop = log.scrollHeight;
}

// Right-to-left letters in a name ("מיכאל: 0 books") drew its neighbours into the name's
// direction ("0 :מיכאל books", two such names in a list swapped): each is set apart in a
// <bdi>. Only names with such letters: others read the same either way.
const RIGHT_TO_LEFT = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF\u{10800}-\u{10FFF}\u{1E800}-\u{1EFFF}]/u;
function isolated(text) {
  const names = [...(state.room ? state.room.seats.map((s) => s.name) : []), ...((state.game || {}).names || [])]
    .filter((name) => name && RIGHT_TO_LEFT.test(name));
  if (!names.length) return text;
  const longestFirst = [...new Set(names)].sort((a, b) => b.length - a.length)
    .map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  // split() with a group: the names at the odd places.
  return text.split(new RegExp(`(${longestFirst.join('|')})`, 'u'))
    .map((part, i) => (i % 2 ? el('bdi', {}, part) : part));
}

// A phone may have the ask buttons (and the hand above them), or the sea to fish in, below
// its first screen when the player's turn comes: they are brought into view, once a turn.
function showWhatToPlay(game, me, myTurn) {
  const asking = myTurn && game.fishing === null && !game.winners;
  const playing = asking ? 'ask' : (me !== null && game.fishing === me ? 'sea' : null);
  if (playing && playing !== state.playing) bringIntoView($(`#${playing}`), $('#turn'));
  state.playing = playing;
}

// The tab's title says when the player is wanted: a friend reading another tab meanwhile
// sees "Your turn" there, where the page said "Go Fish room" all game long.
function showTitle(game, me, myTurn) {
  let wanted = '';
  if (game && state.room.status === 'playing' && me !== null) {
    if (game.fishing === me) wanted = 'Go fish! · ';
    else if (myTurn && game.fishing === null) wanted = 'Your turn · ';
  } else if (game && state.room.status === 'over') {
    wanted = 'Game over · ';
  }
  document.title = `${wanted}Go Fish room ${code}`;
}

// "Game over: You win. You: 3 books, Bob: 1 book. All 13 books are down.": who won, and
// everyone's count in words, in the line a screen reader announces. The reader is "you"
// inside the sentence ("Ann, Emma (bot) and you share the win"), "You" only where it begins; in
// the counts each seat is a label, as "Bob:" is.
function resultLine(game, me) {
  const names = game.winners.map((w, i) => (w === me ? (i === 0 ? 'You' : 'you') : playedBy(game, w)));
  const verb = names.length > 1 ? 'share the win' : (game.winners[0] === me ? 'win' : 'wins');
  const word = bookWord(game);
  const counts = state.room.seats.map(({ seat }) => {
    const laid = game.books[seat].length;
    return `${seat === me ? 'You' : playedBy(game, seat)}: ${counted(laid, word)}`;
  });
  return `Game over: ${namesInWords(names)} ${verb}. ${counts.join(', ')}. ${game.ending || ''}`;
}

// ------------------------------------------------------------------ the turn clock
// A person who lets their turn sit for the server's --turn-seconds has that move made by the
// stand-in. Every page says so over the last half minute, counting down from the seconds
// the server gave (its own clock's, so no two machines' clocks need agree): the mover's
// page to them, read out once; the others' quietly, so the table knows why it waits.
const CLOCK_SHOWN_FROM = 30;
setInterval(() => { showTurnClock(); announce(turnClockNews()); }, 1000);

function setTurnClock(clock) {
  const ends = clock ? performance.now() + clock.seconds * 1000 : null;
  // The same clock told again (an update in the middle of a turn) is not a new one to announce.
  const fresh = ends === null || state.clockEnds === null || clock.seat !== state.clockSeat
    || Math.abs(ends - state.clockEnds) > 1500;
  if (fresh) state.clockTold = false;
  state.clockEnds = ends;
  state.clockSeat = clock ? clock.seat : null;
}

function clockIsMine() { return Boolean(state.you) && state.clockSeat === state.you.seat; }

function showTurnClock() {
  const line = $('#turn-clock');
  const left = state.clockEnds === null ? 0 : Math.ceil((state.clockEnds - performance.now()) / 1000);
  const seat = state.clockSeat;
  // A mover gone (or away) since has no clock: it never runs out on a person not here.
  const mover = seat === null || !state.room ? null : state.room.seats[seat];
  const here = Boolean(mover) && mover.connected && !mover.away;
  line.hidden = !(left > 0 && left <= CLOCK_SHOWN_FROM && state.game && here);
  if (line.hidden) return;
  const standIn = state.room.seats[seat].stand_in || state.room.stand_in;
  const move = state.game.fishing === seat ? 'fish' : 'ask';
  line.textContent = clockIsMine()
    ? `Your turn — ${standIn} will ${move} for you in ${left} s if you don't.`
    : `${nameOf(seat)}'s turn — ${standIn} will ${move} for them in ${left} s if they don't.`;
}

// This seat's clock line, the first time it shows this turn: after the moves and the turn
// line. Another's is not read out: a count of someone else's seconds is no news to act on.
function turnClockNews() {
  if ($('#turn-clock').hidden || state.clockTold || !clockIsMine()) return [];
  state.clockTold = true;
  return [$('#turn-clock').textContent];
}

// A seat away while its page is here: its turns ran out twice in a row, so the stand-in
// plays them, at once, until its player says they are back (the button, or a move). With
// nobody else active here it plays for nobody: the game waits for them instead.
function showStandInForMe(me) {
  const seat = me === null ? null : state.room.seats[me];
  const row = $('#stand-in-row');
  row.hidden = !(seat && seat.away && state.room.status === 'playing');
  if (row.hidden) return;
  const standIn = seat.stand_in || state.room.stand_in;
  fill($('#stand-in-text'), someoneActive()
    ? `${standIn} plays for you: your time ran out twice in a row.`
    : 'The game waits for you: your time ran out twice in a row.');
}

// The waiting line, once as it shows: no log line says it (the stand-in's "You are away: …"
// does when it plays, so that line is not read out here).
function waitNews() {
  const waits = !$('#stand-in-row').hidden && !someoneActive();
  const news = waits && !state.waitTold;
  state.waitTold = waits;
  return news ? [$('#stand-in-text').textContent] : [];
}

function turnLine(game, me, myTurn) {
  if (game.fishing === me && me !== null) return 'Go fish! Pick a face-down card in the sea to draw it.';
  if (game.fishing !== null) return `${nameOf(game.fishing)} goes fishing…`;
  if (!myTurn) return `${nameOf(game.current_player)}'s turn.`;
  const what = game.legal_actions.some((a) => a.suit) ? 'a card' : 'a rank';
  const targets = [...new Set(game.legal_actions.map((a) => a.target))];
  // With one opponent to ask (two players, or the others out of play) there is nobody to pick.
  if (targets.length === 1) return `Your turn: pick ${what} to ask ${nameOf(targets[0])} for.`;
  // One of them is chosen from the start (the first, until another is clicked): say whom,
  // or "pick an opponent" sent a screen reader's user looking for a choice already made.
  if (state.target !== null) return `Your turn: pick ${what} to ask ${nameOf(state.target)} for, or another opponent.`;
  return `Your turn: pick an opponent and ${what}.`;
}

// The nordic sea, spread out face down. Whichever card is clicked, the server draws the
// top of its shuffled sea, so the fish names no card and tells nothing of the sea's order.
function renderSea(game, me) {
  const sea = $('#sea');
  sea.hidden = presetOf(game) !== 'nordic';
  if (sea.hidden) { sea.replaceChildren(); return; }
  const mine = me !== null && game.fishing === me;
  sea.classList.toggle('fishing', mine);
  sea.setAttribute('aria-label', `The sea: ${counted(game.pond, 'face-down card')}`);
  state.seaStop = Math.min(state.seaStop, Math.max(game.pond - 1, 0));
  fill(sea, Array.from({ length: game.pond }, (_, i) => seaCard(i, game.pond, {
    fishing: mine, stop: state.seaStop, onfocus: () => seaStopAt(i), onclick: () => send('fish'), key: `sea-${i}` })));
}

// The sea is one Tab stop (see moveAlong): this card is it now.
function seaStopAt(index) {
  makeTabStop([...$('#sea').querySelectorAll('button')], index);
  state.seaStop = index;
}

$('#sea').addEventListener('keydown', (event) => moveAlong(event, [...$('#sea').querySelectorAll('button')]));

// The name the seat was dealt under, with its bot's options as dealt: after the game the
// host may seat the same bot with other options, under the same name.
function seatTitle(game, seat) {
  return (game.labels || [])[seat.seat] || playedBy(game, seat.seat);
}

function opponentBox(seat, game, myTurn, targets) {
  const i = seat.seat;
  const choosable = myTurn && targets.includes(i);
  const box = el(choosable ? 'button' : 'div', {
    class: `room-seat${game.current_player === i ? ' turn' : ''}${choosable && state.target === i ? ' chosen' : ''}`,
    dataset: { seat: i, key: `target-${i}` }, type: choosable ? 'button' : null,
    'aria-pressed': choosable ? String(state.target === i) : null,
    onclick: choosable ? () => { state.target = i; keepingFocus(() => renderGame()); } : null,
  },
  el('strong', {}, seatTitle(game, seat)),
  connectionDot(seat),
  el('div', {}, counted(game.hand_sizes[i], 'card')),
  heldAtEnd(game, i),
  seat.vacated ? el('div', { class: 'vacated' }, seatStatus(seat)) : null,
  el('div', { class: 'seat-books' }, booksLine(game, i, bookWord(game) === 'pair' ? 'Pairs' : 'Books')),
  game.in_play[i] ? null : el('div', {}, 'out of play'));
  return box;
}

// Once the game is over nothing is secret: what each seat still held (under nordic, most do).
function heldAtEnd(game, seat) {
  const text = heldAtEndText((game.hands_at_end || [])[seat]);
  return text && el('div', { class: 'held-at-end' }, text);
}

// Asks by rank as the server lists them, and within a rank by suit as hands are shown
// (♣ ♦ ♥ ♠): the server lists the suits of an ask: card rank ♠ ♥ ♦ ♣.
function inHandOrder(asks) {
  const ranks = [...new Set(asks.map((a) => a.rank))];
  return [...asks].sort((a, b) => ranks.indexOf(a.rank) - ranks.indexOf(b.rank) || suitPlace(a.suit) - suitPlace(b.suit));
}

function askButtons(game) {
  const laid = game.laid || [];
  // Under pairs with ask: card a card laid face up is a legal ask nobody can answer:
  // it is not offered, and the line below the buttons says where it is.
  const onTable = (a) => a.suit && laidBy(laid, a.rank + a.suit) !== null;
  const asks = inHandOrder(game.legal_actions.filter((a) => a.target === state.target));
  const label = el('span', {}, `Ask ${nameOf(state.target)} for:`);
  const me = state.you ? state.you.seat : null;
  const down = [...new Set(asks.filter(onTable).map((a) => a.rank + a.suit))].map((card) => {
    const seat = laidBy(laid, card);
    return `${pretty(card)} (${seat === me ? 'your' : `${nameOf(seat)}'s`} ${bookWord(game)})`;
  });
  return [label, ...asks.filter((a) => !onTable(a)).map((a) => el('button', {
    type: 'button', class: 'ask-rank', dataset: { rank: a.rank, suit: a.suit || '', key: `ask-${a.rank}${a.suit || ''}` },
    // Read as what it does: "Q♠" alone was read as a letter and a symbol.
    'aria-label': `Ask ${nameOf(state.target)} for ${a.suit ? `the ${cardName(a.rank + a.suit)}` : rankName(a.rank, 2)}`,
    onclick: () => send('ask', a.suit ? { target: a.target, rank: a.rank, suit: a.suit } : { target: a.target, rank: a.rank }),
  }, a.suit ? `${a.rank}${SUIT_SYMBOLS[a.suit]}` : a.rank)),
  down.length ? el('p', { class: 'laid-note' }, lineWithCardsInWords(`On the table, so nobody can hand them over: ${down.join(', ')}.`)) : null];
}

begin();
