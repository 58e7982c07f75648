// Past games and the replay viewer, which steps through any stored game.

import { el, fill, getJSON, labelCells, stackWhenTooWide } from './dom.js';
import { asSentence, cardBack, cardFace, counted, lineWithCardsInWords, namesInWords, rankName, setsByRank } from './cards.js';

function resultText(game) {
  if (!game.over) return 'in progress';
  const names = game.winners.map((seat) => game.names[seat]);
  return names.length === 1 ? `${names[0]} won` : `shared: ${namesInWords(names)}`;
}

/** When a game was played, as "12-01 07:18" in this browser's time zone (stored in UTC). */
function playedWhen(stored) {
  const when = new Date(stored || '');
  if (Number.isNaN(when.getTime())) return '';
  const two = (number) => String(number).padStart(2, '0');
  return `${two(when.getMonth() + 1)}-${two(when.getDate())} ${two(when.getHours())}:${two(when.getMinutes())}`;
}

const HISTORY_PAGE = 100; // games listed at a time

/** A game the database cannot read (a bad disk, edited by hand): marked in its place, so the rest show. */
function damagedRow(game) {
  return el('tr', { class: 'damaged', dataset: { game: game.id } },
    el('td', {}, String(game.id)),
    el('td', { colspan: 7, text: 'Damaged in the games database (a failing disk, a bad copy or an edit by hand?): it cannot be read or replayed.' }));
}

/** The server's word on a game whose row said otherwise than its record (edited by hand,
 * a failing disk), shown as the record plays: as gofish history says it, since unsaid the
 * page showed other books or winners than the database holds. Null for any other game. */
export function changedNote(note) {
  if (!note) return null;
  return el('p', { class: 'changed', text: asSentence(note) });
}

const HISTORY_HEADINGS = ['#', 'When', 'Players', 'Rules', 'Books', 'Result', 'Played in', 'Links'];

function historyRow(game) {
  if (game.damaged) return damagedRow(game);
  return labelCells(historyCells(game), HISTORY_HEADINGS);
}

function historyCells(game) {
  return el('tr', { dataset: { game: game.id } },
    el('td', {}, el('a', { href: `#/replay/${game.id}`, 'aria-label': `game ${game.id}: replay` }, String(game.id))),
    el('td', { text: playedWhen(game.finished_at || game.created_at) }),
    el('td', { text: game.names.join(', ') }),
    el('td', { text: game.rules_words }), // "pairs instead of books", not "book_size=2"
    // Whole: "3–2–1–" over "5–2" read as two scores. A pairs game's count is of pairs (R3).
    el('td', { class: 'books', text: `${game.books.join('–')}${game.book_size === 2 ? ' pairs' : ''}` }),
    el('td', {}, resultText(game), changedNote(game.changed_note)),
    el('td', { class: 'optional', text: game.source }),
    el('td', {}, el('a', { href: `#/replay/${game.id}`, 'aria-label': `replay game ${game.id}` }, 'Replay'),
      resumeLink(game)));
}

/** An unfinished game's Resume link; one a browser cannot go on with says why instead,
 * opened from its mark: a tooltip was out of reach of a keyboard and of a phone. */
function resumeLink(game) {
  if (game.over) return null;
  if (game.not_resumable) {
    return [' · ', el('details', { class: 'not-resumable' }, el('summary', {}, 'not resumable here'),
      el('p', { text: asSentence(game.not_resumable) }))];
  }
  return [' · ', el('a', { href: `#/resume/${game.id}`, 'aria-label': `resume game ${game.id}` }, 'Resume')];
}

/** ``back``: the way back to a game in progress, under the heading (the list runs long). */
export async function showHistory(page, back = null) {
  fill(page, el('h1', {}, 'History'), back, el('p', {}, 'Loading…'));
  const data = await getJSON(`/api/games?limit=${HISTORY_PAGE}`);
  if (!data.games.length) {
    fill(page, el('h1', {}, 'History'), back, el('p', {}, 'No games stored yet.'), el('a', { href: '#/', class: 'button-link' }, 'Play'));
    return;
  }
  const body = el('tbody', {}, data.games.map(historyRow));
  // Where the older games start: the server's cursor past the last game listed. Paged by
  // how many were listed, a game stored, played on or deleted meanwhile (in another tab)
  // moved the rest by one: the last one shown came again, or the next one never came.
  let nextBefore = data.next_before;
  let restack = () => {}; // stackWhenTooWide's check, once the table is in the page
  // Past the first hundred the older games were out of reach, their replays too.
  const showOlder = async (button) => {
    button.disabled = true;
    const query = new URLSearchParams({ limit: HISTORY_PAGE, before: nextBefore });
    const older = await getJSON(`/api/games?${query}`);
    // Never twice, even if a clock set back (another computer's) dates a game saved since
    // before the games listed.
    const listed = new Set([...body.rows].map((row) => row.dataset.game));
    const fresh = older.games.filter((game) => !listed.has(String(game.id)));
    body.append(...fresh.map(historyRow));
    restack(); // an older game's row may be the one too wide
    nextBefore = older.next_before;
    button.disabled = false;
    button.hidden = !nextBefore;
    body.rows[body.rows.length - fresh.length]?.querySelector('a')?.focus(); // the first new row
  };
  const more = el('button', {
    type: 'button', class: 'button-link', id: 'older-games', hidden: !nextBefore,
    onclick: (event) => showOlder(event.currentTarget).catch((error) => fill(more, `Cannot list them: ${error.message}`)),
  }, 'Show older games');
  const table = el('table', { class: 'history-table' },
    el('thead', {}, el('tr', {}, HISTORY_HEADINGS.slice(0, -1).map((h) => el('th', { scope: 'col', class: h === 'Played in' ? 'optional' : null }, h)),
      // The links' column needs no visible heading, but a screen reader names it.
      el('th', { scope: 'col' }, el('span', { class: 'visually-hidden' }, HISTORY_HEADINGS.at(-1))))),
    body);
  fill(page, el('h1', {}, 'History'), back,
    el('p', {}, `${counted(data.total, 'game')} stored, from the terminal and the browser.`),
    el('div', { class: 'scroll' }, table),
    el('p', {}, more));
  restack = stackWhenTooWide(table);
}

/** "Your hand" for the person's seat (named You), else "Emma's hand" ("You's hand" was read out). */
function handOf(name) {
  return name === 'You' ? 'Your hand' : `${name}'s hand`;
}

/** A seat's hand in a replay: its cards, or their backs where the server kept them hidden. */
function replayHand(name, cards, size) {
  const shown = cards !== null;
  return el('div', { class: 'replay-hand', role: 'group', 'aria-label': shown ? handOf(name) : `${name}: ${counted(size, 'card')}, face down` },
    shown ? cards.map((card) => cardFace(card)) : Array.from({ length: size }, () => cardBack()));
}

// The replay in sight, stepped by the arrow keys: ``by`` steps on (-1: back). Null when
// none is shown (its page hidden, or no game to replay).
let stepShown = null;

// The arrow keys step the replay wherever the focus is, but in a field (the slider steps
// itself: both made one key two steps). Heard only inside the replay's page, they did
// nothing once it was opened: the focus was lost with the link that opened it.
document.addEventListener('keydown', (event) => {
  if (!stepShown || document.getElementById('page-replay').hidden) return;
  // Alt+Left is the browser's Back: it stepped the replay too.
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  if (event.target.closest?.('input, select, textarea')) return;
  const by = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
  if (!by) return;
  event.preventDefault();
  stepShown(by);
});

export async function showReplay(page, id) {
  stepShown = null;
  fill(page, el('h1', {}, `Replay of game ${id}`), el('p', {}, 'Loading…'));
  const game = await getJSON(`/api/games/${id}`);
  const frames = game.frames;
  // The table's word for the draw pile: the sea of Hopp i havet, else the pond.
  const pileName = game.pond_word === 'sea' ? 'Sea' : 'Pond';
  const setsHeading = game.book_size === 2 ? 'Pairs' : 'Books';
  let step = 0;
  const board = el('div', { class: 'replay-board' });
  const narration = el('ol', { class: 'replay-text', 'aria-live': 'polite' });
  const counter = el('span', { class: 'step' });
  const slider = el('input', { type: 'range', min: 0, max: frames.length - 1, value: 0, 'aria-label': 'Step' });
  const go = (to) => {
    step = Math.max(0, Math.min(frames.length - 1, to));
    slider.value = String(step);
    draw();
  };
  const draw = () => {
    const frame = frames[step];
    counter.textContent = step === 0 ? `The deal (of ${counted(frames.length - 1, 'ask')})` : `Ask ${step} of ${frames.length - 1}`;
    // The slider read a bare number ("12"): it says where it is as the counter does. What
    // happened there is the narration's to read (a live region): the slider saying its
    // first line too had a screen reader say it twice at each step.
    slider.setAttribute('aria-valuetext', counter.textContent);
    fill(narration, frame.text.map((line) => el('li', {}, lineWithCardsInWords(line))));
    fill(board, game.names.map((name, seat) => el('div', { class: `replay-seat${frame.current === seat ? ' turn' : ''}` },
      el('h2', { text: name }), // under the page's h1: no level skipped
      replayHand(name, frame.hands[seat], frame.hand_sizes[seat]),
      // In words: a bare "A" or "J" was read as a letter. By rank, as the table lists them.
      el('p', { class: 'replay-books', text: `${setsHeading}: ${setsByRank(frame.books[seat], [], game.book_size).map(({ rank }) => rankName(rank, 2)).join(', ') || 'none'}` }))),
    el('p', { class: 'replay-pond' }, `${pileName}: ${counted(frame.pond, 'card')}`));
  };
  slider.addEventListener('input', () => go(Number(slider.value)));
  const controls = el('div', { class: 'replay-controls' },
    el('button', { type: 'button', onclick: () => go(0), 'aria-label': 'first step' }, '«'),
    el('button', { type: 'button', onclick: () => go(step - 1), 'aria-label': 'previous step', id: 'replay-prev' }, '◀'),
    slider,
    el('button', { type: 'button', onclick: () => go(step + 1), 'aria-label': 'next step', id: 'replay-next' }, '▶'),
    el('button', { type: 'button', onclick: () => go(frames.length - 1), 'aria-label': 'last step' }, '»'),
    counter);
  stepShown = (by) => go(step + by);
  fill(page, el('h1', {}, `Replay of game ${id}`),
    el('p', { text: `${game.names.join(', ')} · ${game.rules_words} · ${resultText(game)}` }),
    changedNote(game.changed_note),
    controls, narration, board, allGames());
  draw();
}

/** A replay's way back, the list of stored games: under a replay, and under the words of
 *  one that cannot be shown (no such game), which left the player only the menu. */
function allGames() {
  return el('p', {}, el('a', { href: '#/history', class: 'button-link' }, 'All games'));
}

/** The replay page for an address naming no replay (``why``: an alert's words). */
export function noReplay(page, why) {
  stepShown = null;
  fill(page, el('h1', {}, 'Replay'), el('p', { class: 'error', role: 'alert', text: why }), allGames());
}
