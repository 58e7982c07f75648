// Card faces and backs drawn as SVG by this code. Suits differ by shape as well as
// colour (a four-colour deck), so they can be told apart without seeing colour.

import { el, svg } from './dom.js';

// The suits in the order hands, books and the log list them: ♣ ♦ ♥ ♠
// (gofish.core.cards.SUIT_SORT_ORDER). Every list of suits on a page follows it.
export const SUITS = ['C', 'D', 'H', 'S'];
export const SUIT_NAMES = { C: 'clubs', D: 'diamonds', H: 'hearts', S: 'spades' };
export const SUIT_SYMBOLS = { C: '♣', D: '♦', H: '♥', S: '♠' };
const RANK_NAMES = { A: 'ace', J: 'jack', Q: 'queen', K: 'king' };
// The ranks in the order hands and books list them, A to K (gofish.core.cards.RANKS).
export const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];

// Suit shapes in a 10 x 10 box.
const SUIT_PATHS = {
  H: 'M5 9.6C2.2 7.4 0 5.4 0 3.1 0 1.3 1.3 0 2.8 0 3.8 0 4.6.6 5 1.5 5.4.6 6.2 0 7.2 0 8.7 0 10 1.3 10 3.1 10 5.4 7.8 7.4 5 9.6Z',
  D: 'M5 0 8.8 5 5 10 1.2 5Z',
  S: 'M5 0C3.8 2 0 3.9 0 6.4 0 7.9 1.2 8.9 2.5 8.9 3.4 8.9 4.1 8.5 4.6 7.8 4.5 8.8 4 9.5 3.1 10H6.9C6 9.5 5.5 8.8 5.4 7.8 5.9 8.5 6.6 8.9 7.5 8.9 8.8 8.9 10 7.9 10 6.4 10 3.9 6.2 2 5 0Z',
  C: 'M5 0A2.45 2.45 0 0 0 3 3.9 2.45 2.45 0 1 0 4.5 7.9 3.4 3.4 0 0 1 3.1 10H6.9A3.4 3.4 0 0 1 5.5 7.9 2.45 2.45 0 1 0 7 3.9 2.45 2.45 0 0 0 5 0Z',
};

// Pip positions (centres) for the number cards, in a 100 x 140 card.
const L = 31, M = 50, R = 69;
const PIPS = {
  2: [[M, 30], [M, 110]],
  3: [[M, 30], [M, 70], [M, 110]],
  4: [[L, 30], [R, 30], [L, 110], [R, 110]],
  5: [[L, 30], [R, 30], [M, 70], [L, 110], [R, 110]],
  6: [[L, 30], [R, 30], [L, 70], [R, 70], [L, 110], [R, 110]],
  7: [[L, 30], [R, 30], [M, 50], [L, 70], [R, 70], [L, 110], [R, 110]],
  8: [[L, 30], [R, 30], [M, 50], [L, 70], [R, 70], [M, 90], [L, 110], [R, 110]],
  9: [[L, 30], [R, 30], [L, 57], [R, 57], [M, 70], [L, 83], [R, 83], [L, 110], [R, 110]],
  10: [[L, 30], [R, 30], [M, 44], [L, 57], [R, 57], [L, 83], [R, 83], [M, 96], [L, 110], [R, 110]],
};

// Where a suit comes in SUITS, for sorting (no suit, as in an ask for a rank: -1).
export function suitPlace(suit) {
  return SUITS.indexOf(suit);
}

export function parseCard(text) {
  return { rank: text.slice(0, -1), suit: text.slice(-1) };
}

export function rankName(rank, count = 1) {
  const name = RANK_NAMES[rank] || rank;
  return count === 1 ? name : (RANK_NAMES[rank] ? `${name}s` : `${rank}s`);
}

// What a laid set is called: a pair under the pairs house rule, else a book.
export function setWord(bookSize) {
  return bookSize === 2 ? 'pair' : 'book';
}

// What the draw pile is called: the sea of Hopp i havet (nordic), else the pond
// (as gofish.narrate.pond_word says it in the log).
export function pondWord(preset) {
  return preset === 'nordic' ? 'sea' : 'pond';
}

// "Ann, Bo and Cy": names in a sentence (the result, the history's shared wins).
export function namesInWords(names) {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

// "Nordic", "Pond": a word, or words, with a capital first letter.
export function capitalised(words) {
  return words[0].toUpperCase() + words.slice(1);
}

/** The server's words as a sentence: a capital and a full stop, but no second stop, and
 *  none after a value or a bot's spec ("… given twice in 'counter:epsilon=0.3'"), where
 *  "=0.3'." read as part of it. */
export function asSentence(words) {
  const text = capitalised(words);
  const lastWord = text.split(' ').at(-1);
  return /[.!?]$/.test(text) || /[=:'"`]/.test(lastWord) ? text : `${text}.`;
}

// "1 card", "2 cards": a count with its word (one that takes an s).
export function counted(count, word) {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

// `count` laid sets, named as the rules name them.
export function setsName(count, bookSize) {
  return counted(count, setWord(bookSize));
}

// The seat that laid `card` face up in a book, or null: `laid` holds each seat's laid
// cards (the view's `laid`). Under pairs with ask: card a laid card is a legal ask that
// nobody can answer, so the tables do not offer it.
export function laidBy(laid, card) {
  const seat = laid.findIndex((cards) => cards.includes(card));
  return seat === -1 ? null : seat;
}

// Why a laid card is not offered: "The 7♠ is already on the table, in Emma's pair of 7s:
// nobody can hand it over." (`whose`: "your", or a name with 's).
export function laidText(card, whose, bookSize) {
  const { rank } = parseCard(card);
  return `The ${pretty(card)} is already on the table, in ${whose} ${setWord(bookSize)} of ${rankName(rank, 2)}: nobody can hand it over.`;
}

/**
 * A seat's laid sets by rank, A to K as a hand is read (the line mode lists them so), not
 * in the order laid: each ``{ rank, cards }``, its cards taken from ``laid`` (the seat's
 * laid cards, set by set; none where a state sends none). Two pairs of a rank stay as laid.
 */
export function setsByRank(ranks, laid, bookSize) {
  return ranks.map((rank, i) => ({ rank, cards: laid.slice(i * bookSize, (i + 1) * bookSize) }))
    .sort((a, b) => RANKS.indexOf(a.rank) - RANKS.indexOf(b.rank));
}

/**
 * "Books (2): 7s, jacks", "Pairs (1): queens (Q♣ Q♦)": a seat's laid sets by rank, a pair
 * with its two cards (face up, for all to see). ``laid``: the seat's laid cards, set by set.
 */
export function setsLine(label, ranks, laid, bookSize) {
  const names = setsByRank(ranks, laid, bookSize).map(({ rank, cards }) => {
    const shown = bookSize === 2 ? cards.map(pretty).join(' ') : '';
    return shown ? `${rankName(rank, 2)} (${shown})` : rankName(rank, 2);
  }).join(', ');
  return `${label} (${ranks.length}): ${names || 'none yet'}`;
}

export function cardName(text) {
  const { rank, suit } = parseCard(text);
  return `${rankName(rank)} of ${SUIT_NAMES[suit]}`;
}

/** "Held at the end: 7 of hearts, king of spades", or null for an empty (or unknown) hand. */
export function heldAtEndText(cards) {
  return cards?.length ? `Held at the end: ${cards.map(cardName).join(', ')}` : null;
}

// Cards as the log prints them ("6♦", "8♥ 8♠"). Read out, a suit's symbol is a screen
// reader's "black diamond suit", or nothing at some punctuation levels.
const PRINTED_CARDS = /\b(?:10|[2-9AJQK])[♣♦♥♠](?: (?:10|[2-9AJQK])[♣♦♥♠])*/g;
const SUIT_OF_SYMBOL = Object.fromEntries(Object.entries(SUIT_SYMBOLS).map(([suit, symbol]) => [symbol, suit]));

/** `text` to be read out, its cards in words: "You hand over two: 8 of hearts, 8 of spades." */
export function cardsInWords(text) {
  return text.replace(PRINTED_CARDS, (cards) => cards.split(' ')
    .map((card) => cardName(card.slice(0, -1) + SUIT_OF_SYMBOL[card.slice(-1)])).join(', '));
}

/**
 * A line of the log as nodes that show its cards as printed and read them in words: the
 * printed line is hidden from screen readers, the line in words beside it hidden from
 * sight. Whole lines: hidden words inside a line are laid out as a block of their own,
 * which split it ("…cards:", "3 of spades", "."); an aria-label on the line is not read
 * by every screen reader. ``shown`` shapes the printed line (a room sets names apart).
 */
export function lineWithCardsInWords(text, shown = (line) => line) {
  const spoken = cardsInWords(text);
  if (spoken === text) return shown(text);
  return [el('span', { 'aria-hidden': 'true' }, shown(text)), el('span', { class: 'visually-hidden', text: spoken })];
}

export function pretty(text) {
  const { rank, suit } = parseCard(text);
  return rank + SUIT_SYMBOLS[suit];
}

function suitShape(suit, x, y, size, flip = false) {
  const scale = size / 10;
  const turn = flip ? ` rotate(180 5 5)` : '';
  return svg('path', {
    d: SUIT_PATHS[suit],
    transform: `translate(${x - size / 2} ${y - size / 2}) scale(${scale})${turn}`,
  });
}

function cornerIndex(rank, suit, flip) {
  const group = svg('g', { class: 'corner', transform: flip ? 'rotate(180 50 70)' : null });
  group.append(
    svg('text', { x: 11, y: 20, 'text-anchor': 'middle', class: 'corner-rank' }, rank),
    suitShape(suit, 11, 30, 10),
  );
  return group;
}

function courtPanel(rank, suit) {
  // Jack, queen and king: a framed panel with the letter and the suit, top and bottom.
  return svg('g', { class: 'court' },
    svg('rect', { x: 22, y: 18, width: 56, height: 104, rx: 4, class: 'court-frame' }),
    svg('path', { d: 'M22 70H78', class: 'court-line' }),
    svg('text', { x: 50, y: 62, 'text-anchor': 'middle', class: 'court-letter' }, rank),
    svg('text', { x: 50, y: 62, 'text-anchor': 'middle', class: 'court-letter', transform: 'rotate(180 50 70)' }, rank),
    suitShape(suit, 36, 32, 12),
    suitShape(suit, 64, 108, 12, true),
    courtCrown(rank),
  );
}

function courtCrown(rank) {
  const shapes = {
    K: 'M38 28 42 20 46 26 50 18 54 26 58 20 62 28Z',
    Q: 'M40 28 44 21 50 25 56 21 60 28Z',
    J: 'M42 28 46 22H54L58 28Z',
  };
  return svg('path', { d: shapes[rank], class: 'crown' });
}

/** A face-up card as an SVG element; ``label`` false leaves it to the parent to describe. */
export function cardFace(text, { label = true } = {}) {
  const { rank, suit } = parseCard(text);
  const face = svg('svg', {
    viewBox: '0 0 100 140',
    class: `card face suit-${SUIT_NAMES[suit]}`,
    role: label ? 'img' : null,
    'aria-label': label ? cardName(text) : null,
    'aria-hidden': label ? null : 'true',
    dataset: { card: text },
  });
  face.append(svg('rect', { x: 1, y: 1, width: 98, height: 138, rx: 8, class: 'card-bg' }));
  face.append(cornerIndex(rank, suit, false), cornerIndex(rank, suit, true));
  if (rank === 'A') {
    face.append(suitShape(suit, 50, 70, 40));
  } else if (PIPS[rank]) {
    for (const [x, y] of PIPS[rank]) face.append(suitShape(suit, x, y, 17, y > 70));
  } else {
    face.append(courtPanel(rank, suit));
  }
  return face;
}

/**
 * Card ``i`` of a nordic sea of ``count``, face down, as the table and the rooms lay it
 * (strewn by style.css, each card clear of the others): while its player fishes, a button
 * that fishes, the sea one Tab stop (``stop``); otherwise a plain card. ``key`` names it
 * for a page that puts the focus back on a redrawn control.
 */
export function seaCard(i, count, { fishing, stop, onfocus, onclick, key = null }) {
  if (!fishing) return el('span', { class: 'sea-card' }, cardBack());
  return el('button', {
    type: 'button', class: 'sea-card', dataset: key ? { key } : {}, 'aria-label': `face-down card ${i + 1} of ${count}: fish it`,
    tabindex: i === stop ? '0' : '-1', onfocus, onclick,
  }, cardBack());
}

/** A face-down card. */
export function cardBack({ label = false } = {}) {
  const back = svg('svg', {
    viewBox: '0 0 100 140', class: 'card back',
    role: label ? 'img' : null, 'aria-label': label ? 'a face-down card' : null,
    'aria-hidden': label ? null : 'true',
  });
  back.append(
    svg('rect', { x: 1, y: 1, width: 98, height: 138, rx: 8, class: 'back-bg' }),
    svg('rect', { x: 8, y: 8, width: 84, height: 124, rx: 5, class: 'back-inner' }),
    svg('path', { d: 'M50 40C62 52 62 88 50 100 38 88 38 52 50 40ZM30 70H70', class: 'back-fish' }),
    svg('circle', { cx: 46, cy: 58, r: 2.5, class: 'back-eye' }),
  );
  return back;
}

/** A suit symbol as inline SVG, for buttons and small labels. */
export function suitIcon(suit) {
  const icon = svg('svg', { viewBox: '0 0 10 10', class: `suit-icon suit-${SUIT_NAMES[suit]}`, 'aria-hidden': 'true' });
  icon.append(svg('path', { d: SUIT_PATHS[suit] }));
  return icon;
}

/**
 * "Ann is passed over." of a turn_passed event's line "Ann is passed over. Bob's turn.":
 * the line without its turn sentence, found from the event (a name may hold any words,
 * "passed over." too); '' when nobody was passed over and no reason is given for the
 * pass (a hit that could not go on, R9, R13). Were the line not as expected, it is given
 * whole: read out twice rather than never.
 */
export function passedOverPart(event, text, you, nameOf) {
  const skipped = event.skipped && event.skipped.length;
  if (!skipped && !event.reason) return '';
  const turn = event.player === you ? 'Your turn.' : `${nameOf(event.player)}'s turn.`;
  return (text.endsWith(turn) ? text.slice(0, -turn.length) : text).trim();
}
