// The live table: draws the state the server sends, animates its events, and turns
// clicks and keys into asks. Every move is checked here first so an illegal one is
// explained and never sent; the server checks it again anyway.

import { $, bringIntoView, el, fill, makeTabStop, moveAlong, sayIfChanged, sleep } from './dom.js';
import { avatar } from './avatar.js';
import {
  capitalised, cardBack, cardFace, cardName, cardsInWords, counted, heldAtEndText, laidBy, laidText, lineWithCardsInWords, parseCard, passedOverPart, pondWord, pretty, rankName, RANKS, seaCard, setsByRank, setsLine, setsName, setWord, suitIcon, SUIT_NAMES,
  SUITS,
} from './cards.js';

const RANK_KEYS = { a: 'A', t: '10', 0: '10', j: 'J', q: 'Q', k: 'K' };
const REDUCED_MOTION = window.matchMedia('(prefers-reduced-motion: reduce)');

/**
 * What of an event's log line the announcer reads out. The status line (a live region)
 * says whose turn it is, and the result dialog how the game ended, so the log's own
 * lines for those would be heard twice; "Ann is passed over." is said only here.
 */
function spokenPart(event, you, nameOf) {
  if (event.type === 'game_over') return '';
  if (event.type !== 'turn_passed') return event.text;
  return passedOverPart(event, event.text, you, nameOf);
}

const TITLE_BY_PHASE = { ask: 'Your turn · ', fish: 'Go fish! · ', over: 'Game over · ' };

export class Table {
  constructor(root, { speed = 1, send, announce, onOver }) {
    this.root = root;
    this.speed = speed;
    this.send = send;
    this.announce = announce;
    this.onOver = onOver;
    this.state = null;
    this.version = 0;
    this.target = null; // chosen opponent (with more than two players)
    this.rank = null; // chosen rank waiting for an opponent or a suit
    this.sent = false; // a move is on its way: no second one until the answer
    this.awayText = null; // why this tab plays no more (the game went to another tab)
    this.retelling = false; // the first update retells a game opened again, without voices
    this.queue = Promise.resolve();
    this.logScroll = null; // the frame that scrolls the log to its end, once asked for
    this.generation = 0;
    this.layout();
    document.addEventListener('keydown', (event) => this.onKey(event));
    window.addEventListener('resize', () => this.fitToWindow());
  }

  layout() {
    this.opponents = el('section', { class: 'opponents', 'aria-label': 'Opponents' });
    this.pond = el('section', { class: 'pond', 'aria-label': 'The pond' });
    this.status = el('p', { class: 'status', id: 'status', role: 'status' });
    this.hint = el('p', { class: 'hint', id: 'hint' });
    this.suitChooser = el('div', { class: 'suit-chooser', hidden: true });
    this.resultButton = el('button', { type: 'button', class: 'button-link', id: 'show-result', hidden: true,
      onclick: () => this.onOver?.(this.state) }, 'See the result');
    this.awayBox = el('div', { class: 'away-notice', id: 'away-notice', role: 'alert', hidden: true });
    // What stays true of this game (it is not being saved): the hint below the status is
    // cleared by the next move, so said only there it was gone before it was read.
    this.noticeBox = el('p', { class: 'table-notice', id: 'table-notice', hidden: true });
    this.hand = el('section', { class: 'hand', 'aria-label': 'Your hand' });
    this.shelf = el('section', { class: 'shelf', 'aria-label': 'Your books' });
    this.me = el('div', { class: 'me seat-anchor' });
    // A plain list, not role=log: that is a live region too, so every event was read out
    // twice (here and by the announcer) and a reloaded game retold whole. Focusable, so
    // the keyboard can scroll it.
    this.log = el('ol', { class: 'log', 'aria-label': 'What happened', tabindex: '0' });
    this.coach = el('div', { class: 'coach' });
    this.bubbles = el('div', { class: 'bubbles', 'aria-hidden': 'true' });
    const felt = this.felt = el('div', { class: 'felt' },
      this.opponents,
      el('div', { class: 'middle' }, this.pond,
        el('div', { class: 'prompt' }, this.status, this.hint, this.suitChooser, this.resultButton)),
      el('div', { class: 'my-side' }, this.me, this.shelf, this.hand),
      this.bubbles,
    );
    const side = el('aside', { class: 'side' },
      el('details', { class: 'panel log-panel', open: true }, el('summary', {}, 'Game log'), this.log),
      el('details', { class: 'panel coach-panel', open: window.innerWidth > 900 },
        el('summary', {}, 'Coach: what the table has shown'), this.coach),
    );
    this.root.classList.remove('away');
    fill(this.root, this.awayBox, this.noticeBox, felt, side);
    // A row that changes size (a redraw, a hint that wraps) moves the pond or a seat:
    // the bubbles follow, so none is left over the pond.
    this.resizes?.disconnect();
    this.resizes = new ResizeObserver(() => {
      this.placeBubbles();
      // At the next frame: sized again in here, the felt would be measured again in this
      // same frame, which the browser refuses as a loop.
      requestAnimationFrame(() => this.fitToWindow());
    });
    // Their parts too: on a short screen the rows' own boxes are not drawn (display:
    // contents), and the pond, the words and your seat sit on the felt's grid.
    for (const part of [felt, ...felt.children, ...felt.querySelectorAll('.middle > *, .my-side > *')]) {
      this.resizes.observe(part);
    }
  }

  // ------------------------------------------------------------ updates

  /** Queue one server update: its events play in order, then the new state is drawn. */
  update(message) {
    const game = this.generation;
    this.queue = this.queue
      .then(() => (game === this.generation ? this.play(message) : null)) // a left game is dropped
      .catch((error) => console.error(error));
    return this.queue;
  }

  async play(message) {
    const game = this.generation;
    const first = this.state === null;
    if (first) {
      this.render(message.state);
      if (!this.retelling) await this.dealMotion(message.state); // dealt long ago
    }
    const retold = first && this.retelling;
    for (const event of message.events) {
      this.logLine(event.text, event.type);
      if (retold) continue;
      const spoken = spokenPart(event, this.state.you, (seat) => this.name(seat));
      if (spoken) this.announce(spoken);
      if (event.speech) this.say(event.speech.seat, event.speech.text);
      if (!first) await this.animate(event);
      if (game !== this.generation) return; // a new game began during the motion
    }
    this.version = message.version;
    this.sent = false;
    this.render(message.state);
    if (message.state.phase === 'over' && this.onOver) this.onOver(message.state);
  }

  refused(message) {
    this.sent = false;
    this.explain(message);
  }

  /**
   * This tab plays the game no more (another tab took it, or the server went away):
   * say so, take no more moves, and offer the button that takes it back.
   */
  away(text, takeBack, { button: action = 'Play here instead', status = 'This game is being played in another tab.' } = {}) {
    this.awayText = text;
    this.awayAction = action;
    this.awayStatus = status;
    this.rank = null;
    this.target = null;
    this.suitChooser.hidden = true;
    const button = el('button', { type: 'button', class: 'primary', id: 'take-back', onclick: takeBack }, action);
    fill(this.awayBox, el('p', { text }), button);
    this.awayBox.hidden = false;
    this.root.classList.add('away');
    if (this.state) this.render(this.state);
    button.focus(); // the box is an alert, read out as it shows: not told the announcer too
  }

  reset() {
    this.generation += 1;
    this.state = null;
    this.awayText = null;
    this.heldBefore = null;
    this.target = null;
    this.rank = null;
    this.sent = false;
    this.layout();
  }

  // ------------------------------------------------------------ drawing

  render(state) {
    const focused = this.focusKey();
    const before = this.state?.phase;
    this.state = state;
    // A hint is about the moment it was given ("Wait: it is Emma's turn.", "Your last move
    // is on its way."): once the game has moved on it is no longer true, and it stayed under
    // the status line for whole turns, contradicting it.
    if (this.hintFor !== this.moment()) this.hint.textContent = '';
    // No opponent stays chosen at a finished table (it read as still being asked).
    if (state.players[this.target]?.cards === 0 || state.phase === 'over') this.target = null;
    this.renderOpponents(state);
    this.renderPond(state);
    this.renderMe(state);
    this.renderHand(state);
    this.renderShelf(state);
    this.renderCoach(state);
    this.renderStatus(state);
    this.fitToWindow();
    this.placeBubbles(); // a seat's box may have grown or shrunk with its cards
    this.root.dataset.phase = this.awayText ? 'away' : state.phase;
    this.root.dataset.version = String(this.version);
    this.restoreFocus(focused, before !== state.phase);
    if (state.phase === 'ask' && before !== 'ask' && !this.awayText) this.yourTurnBegins();
  }

  /**
   * As your turn begins (so once a turn): at the table, the hand and the status line that
   * says so come into view; on another page (the rules, the history) the announcer says
   * "Your turn.", since a live region on a hidden page is not read out, and the bots'
   * moves were heard there without it.
   */
  yourTurnBegins() {
    if (this.shown()) bringIntoView(this.hand, this.status);
    else this.announce('Your turn.');
  }

  /**
   * The sea gives up height, its cards scrolling inside its own box, until the felt ends
   * within the window: a sea of 38 took four rows on a phone held sideways (568 × 320) and
   * pushed the hand out of reach below it. Only the sea gives way: the seats, the words
   * saying what to do and the hand stay whole. Measured from the page's top, so the felt
   * fits the window as the page opens, whatever it is scrolled to now.
   */
  fitToWindow() {
    // Not ':has(.sea)': a browser without it (Firefox before 121) threw on every redraw.
    const seaBox = this.pond.querySelector('.sea')?.closest('.pond-anchor');
    if (!seaBox || !this.shown()) return;
    const overflow = this.felt.getBoundingClientRect().bottom + window.scrollY - window.innerHeight;
    const room = Math.max(Math.floor(seaBox.getBoundingClientRect().height - overflow), SMALLEST_SEA);
    this.felt.style.setProperty('--sea-room', `${room}px`);
  }

  /** Whether the table is on the page being shown (not one left behind, hidden). */
  shown() {
    return this.root.isConnected && !this.root.closest('[hidden]');
  }

  /** What has the keyboard focus inside the table, so a redraw can give it back. */
  focusKey() {
    const active = document.activeElement;
    if (!active || !this.root.contains(active)) return null;
    if (active.dataset.rank) return `.rank-group[data-rank="${active.dataset.rank}"]`;
    if (active.dataset.seat) return `button.opponent[data-seat="${active.dataset.seat}"]`;
    if (active.classList.contains('sea-card')) return 'button.sea-card[tabindex="0"]';
    return null;
  }

  restoreFocus(key, phaseChanged) {
    const active = document.activeElement;
    // Focus left on a control just hidden (Deal, with the start screen) is lost too: the
    // browser moves it to the page's top only at its next frame, after this redraw.
    const lost = !active || active === document.body || Boolean(active.closest('[hidden]'));
    let target = key ? this.root.querySelector(key) : null;
    // Told to go fish, the sea is the one thing left to do: the keyboard goes there from
    // the hand or the opponent it asked with (Enter there only said "go fish first").
    if (key && phaseChanged && this.state.phase === 'fish') {
      target = this.pond.querySelector('button.sea-card[tabindex="0"]') || target;
    }
    if (!target && (key || (lost && phaseChanged && this.shown()))) {
      // Whose move it is decides where the keyboard is most useful now.
      if (this.state.phase === 'ask') target = this.hand.querySelector('.rank-group');
      else if (this.state.phase === 'fish') target = this.pond.querySelector('button.sea-card[tabindex="0"]');
      // What had it is gone while the others play (the sea card just drawn, a group handed
      // over): the hand keeps it, or it fell to the top of the page, a dozen Tabs away.
      if (!target && key) target = this.hand.querySelector('.rank-group');
    }
    target?.focus({ preventScroll: true });
  }

  /** Put the keyboard where the player's move is: the sea once told to fish, else the hand
   *  (or, the game over, "See the result"). */
  focusTheMove() {
    const target = this.state?.phase === 'fish' ? this.pond.querySelector('button.sea-card[tabindex="0"]')
      : this.hand.querySelector('.rank-group') || this.resultButton;
    target?.focus({ preventScroll: true });
  }

  name(seat) {
    return this.state.players[seat].name;
  }

  choosingTarget() {
    return this.state.players.filter((p) => p.seat !== this.state.you).length > 1;
  }

  renderOpponents(state) {
    const panels = state.players.filter((p) => p.seat !== state.you).map((player) => {
      const turn = state.current === player.seat;
      const chosen = this.target === player.seat;
      const held = heldAtEndText(player.hand_at_end);  // null until the game is over
      // The books are read once: a group's content reads them ("Books (2): 7s, jacks", or
      // "no books") after its label, and a button, read by its label alone, has them read
      // as its description. Its label counting them as well said "2 books" twice.
      const describedBooks = this.choosingTarget() && player.books.length > 0;
      const labelBooks = this.choosingTarget() && !describedBooks;
      const label = `${player.name}: ${counted(player.cards, 'card')}` +
        (labelBooks ? `, ${setsName(player.books.length, state.rules.book_size)}` : '') +
        `${player.in_play ? '' : ', out of play'}${turn ? `, ${player.name}'s turn` : ''}` +
        (held ? `. ${held}` : '');
      const body = [
        avatar(player.bot, player.seat),
        el('span', { class: 'who' }, el('span', { class: 'name', text: player.label || player.name }),
          el('span', { class: 'count' }, `${counted(player.cards, 'card')}${player.in_play ? '' : ' · out of play'}`)),
        held ? openHand(player.hand_at_end) : miniFan(player.cards),
        this.booksRow(player, setWord(state.rules.book_size)),
      ];
      const props = {
        class: `opponent seat-anchor${turn ? ' turn' : ''}${chosen ? ' chosen' : ''}${player.in_play ? '' : ' out'}`,
        dataset: { seat: player.seat },
        'aria-label': label,
      };
      if (this.choosingTarget()) {
        // A button is read by its label alone: its books are read as its description.
        return el('button', { ...props, type: 'button', 'aria-pressed': String(chosen),
          'aria-describedby': describedBooks ? booksInWordsId(player.seat) : null,
          onclick: () => this.chooseTarget(player.seat) }, body);
      }
      return el('div', { ...props, role: 'group' }, body);
    });
    fill(this.opponents, panels);
  }

  /** A player's books by rank, A to K, each with its cards face up (the state's `laid`). */
  booksByRank(player) {
    return setsByRank(player.books, player.laid || [], this.state.rules.book_size);
  }

  booksRow(player, word) {
    const row = el('div', { class: 'books small', dataset: { booksOf: player.seat } });
    if (!player.books.length) return fill(row, el('span', { class: 'no-books' }, `no ${word}s`));
    // The chips' bare ranks ("7 J") are hidden from screen readers, which read the books in words.
    this.booksByRank(player).forEach(({ rank, cards: laid }) => {
      const cards = laid.map(pretty).join(' ');
      row.append(el('span', { class: 'book-chip', 'aria-hidden': 'true', title: `${word} of ${rankName(rank, 2)}${cards ? `: ${cards}` : ''}` }, rank));
    });
    const line = setsLine(capitalised(`${word}s`), player.books, player.laid || [], this.state.rules.book_size);
    row.append(el('span', { class: 'visually-hidden', id: booksInWordsId(player.seat), text: cardsInWords(line) }));
    return row;
  }

  renderPond(state) {
    const fishing = state.phase === 'fish';
    this.pond.setAttribute('aria-label', state.rules.sea ? 'The sea' : 'The pond');
    const count = el('span', { class: 'pond-count' }, `${counted(state.pond, 'card')} in the ${state.rules.sea ? 'sea' : 'pond'}`);
    if (state.rules.sea) {
      const sea = el('div', { class: `sea${fishing ? ' fishing' : ''}`, role: 'group', 'aria-label': `The sea: ${counted(state.pond, 'face-down card')}`,
        onkeydown: (event) => moveAlong(event, [...this.pond.querySelectorAll('button.sea-card')]) });
      this.seaStop = Math.min(this.seaStop || 0, Math.max(state.pond - 1, 0));
      for (let i = 0; i < state.pond; i += 1) {
        sea.append(seaCard(i, state.pond, { fishing, stop: this.seaStop, onfocus: () => this.seaStopAt(i), onclick: () => this.fish(i) }));
      }
      fill(this.pond, el('div', { class: 'pond-anchor' }, sea), count);
      return;
    }
    const pile = el('div', { class: 'pile pond-anchor', 'aria-hidden': 'true' },
      Array.from({ length: Math.min(state.pond, 6) }, (_, i) => {
        const back = cardBack();
        back.style.transform = `translate(${i * 2}px, ${-i * 2}px)`;
        return back;
      }));
    if (!state.pond) pile.append(el('span', { class: 'empty-pond' }, 'empty'));
    fill(this.pond, pile, count);
  }

  renderMe(state) {
    const me = state.players[state.you];
    this.me.dataset.seat = me.seat;
    this.me.classList.toggle('turn', state.current === me.seat);
    fill(this.me, avatar(null, me.seat), el('span', { class: 'name', text: me.name }),
      el('span', { class: 'count' }, `${counted(me.cards, 'card')}${me.in_play ? '' : ' · out of play'}`));
  }

  renderShelf(state) {
    const me = state.players[state.you];
    const word = setWord(state.rules.book_size);
    const books = el('div', { class: 'books shelf-books', dataset: { booksOf: me.seat } });
    this.booksByRank(me).forEach(({ rank, cards }) => {
      // In words ("5♥" was read "5 black heart suit"), and only a pair's: as in the log,
      // a book is every card of its rank, four names that say nothing more.
      const shown = cards.length === 2 ? `: ${cards.map(cardName).join(', ')}` : '';
      books.append(el('div', { class: 'shelf-book', role: 'img', 'aria-label': `${word} of ${rankName(rank, 2)}${shown}` },
        cardFace(cards[0] || `${rank}${state.rules.book_size === 2 ? 'H' : 'S'}`, { label: false })));
    });
    this.shelf.setAttribute('aria-label', `Your ${word}s`);
    fill(this.shelf, el('h2', { class: 'shelf-title' }, `Your ${word}s: ${me.books.length}`), books);
  }

  renderHand(state) {
    // Cards that just arrived glow for a moment, so you see what you were given or drew.
    const before = this.heldBefore;
    this.heldBefore = new Set(state.hand);
    const groups = new Map();
    for (const card of state.hand) {
      const { rank } = parseCard(card);
      if (!groups.has(rank)) groups.set(rank, []);
      groups.get(rank).push(card);
    }
    const canAsk = state.phase === 'ask' && !this.awayText;
    // Whom a rank asks at once, when an opponent is chosen (with one opponent, the status says).
    const whom = this.choosingTarget() ? this.chosenOpponent() : null;
    const buttons = [...groups.entries()].map(([rank, cards]) => {
      // One card is read as itself ("6 of spades"), not as "1 6: 6 of spades".
      const names = cards.map(cardName).join(', ');
      const held = cards.length === 1 ? names : `${cards.length} ${rankName(rank, cards.length)}: ${names}`;
      const label = `${held}.${canAsk ? ` Ask ${whom ? `${whom.name} ` : ''}for ${rankName(rank, 2)}` : ''}`;
      return el('button', {
        type: 'button',
        class: `rank-group${this.rank === rank ? ' chosen' : ''}`,
        dataset: { rank },
        'aria-label': label,
        'aria-pressed': String(this.rank === rank),
        'aria-disabled': String(!canAsk),
        onclick: () => this.chooseRank(rank),
      }, cards.map((card) => {
        const face = cardFace(card, { label: false });
        if (before && !before.has(card)) face.classList.add('arrived');
        return face;
      }));
    });
    if (!buttons.length) buttons.push(el('p', { class: 'empty-hand' }, 'Your hand is empty.'));
    fill(this.hand, buttons);
  }

  renderCoach(state) {
    const others = state.players.filter((p) => p.seat !== state.you);
    // From three players up the full headings do not fit the side panel: short ones,
    // each with its full words as a tooltip, and as hidden text for screen readers (an
    // aria-label on an abbr is not read out).
    const compact = others.length > 1;
    const heading = (full, short) => el('th', { scope: 'col', title: full },
      compact ? [el('abbr', { title: full, 'aria-hidden': 'true' }, short), el('span', { class: 'visually-hidden' }, full)] : full);
    const short = shortNames(others.map((p) => p.name));
    const words = coachWords(state.rules.book_size);
    const head = el('tr', {}, heading('Rank', '#'), heading('You', 'You'),
      others.map((p, i) => heading(p.name, short[i])),
      heading(words.laid, words.short), heading('Unseen', 'Un'));
    const rows = state.coach.filter((row) => row.booked < 4).map((row) => el('tr', { class: row.mine ? 'mine' : '' },
      el('th', { scope: 'row' }, row.rank),
      el('td', {}, String(row.mine)),
      others.map((p) => el('td', {}, coachMark(row.none[p.seat], row.known[p.seat]))),
      el('td', {}, String(row.booked)),
      el('td', {}, String(row.unaccounted))));
    if (!rows.length) { // the end of an all-books game: a table of headings alone said nothing
      fill(this.coach, el('p', { class: 'coach-help' }, words.done));
      return;
    }
    fill(this.coach,
      el('p', { class: 'coach-help' }, `≥ n: they hold at least n (they asked for it or were handed it). ✗: they hold none. ${compact ? `${words.short}: ${words.inSets}. Un (unseen)` : 'Unseen'}: still in the ${pondWord(state.rules.preset)} or an unknown hand.`),
      el('table', {}, el('thead', {}, head), el('tbody', {}, rows)));
  }

  renderStatus(state) {
    this.suitChooser.hidden = true;
    const current = state.current === null ? null : this.name(state.current);
    let text;
    this.resultButton.hidden = state.phase !== 'over';
    if (this.awayText) text = this.awayStatus;
    else if (state.phase === 'over') text = 'The game is over.';
    // Out for good (bicycle, dry pond): said here, as it is of the opponents, or the table
    // read as if a turn would still come round to you.
    else if (!state.players[state.you].in_play) text = `You are out of play: no cards and the ${state.rules.sea ? 'sea' : 'pond'} is dry. ${current}'s turn.`;
    else if (state.phase === 'fish') text = 'Go fish! Pick a face-down card in the sea to draw it.';
    else if (state.phase === 'ask') text = this.askPrompt(state);
    else text = `${current}'s turn.`;
    // A live region, rewritten at every redraw (each update, each opponent chosen).
    sayIfChanged(this.status, text);
    this.showTitle(state);
    if (state.notice && state.notice !== this.lastNotice) this.warn(state.notice);
    this.lastNotice = state.notice;
  }

  /**
   * What to do on your turn. An opponent chosen earlier stays chosen (after a hit, or from
   * your last turn), and a rank then asks them at once: the words say whom, or "choose an
   * opponent" had a screen reader's user press a rank expecting to be asked whom.
   */
  askPrompt(state) {
    if (!this.choosingTarget()) {
      return `Your turn: choose a rank from your hand to ask ${this.name(state.players.find((p) => p.seat !== state.you).seat)} for it.`;
    }
    const chosen = this.chosenOpponent();
    if (chosen && this.rank === null) return `Your turn: choose a rank from your hand to ask ${chosen.name} for, or another opponent.`;
    return 'Your turn: choose an opponent and a rank from your hand to ask for.';
  }

  /** The opponent chosen to be asked, while one with cards is (null: none). */
  chosenOpponent() {
    const player = this.target === null ? null : this.state.players[this.target];
    return player?.cards ? player : null;
  }

  /**
   * The tab's title says when the player is wanted: while the bots take their time the
   * player may read another tab, which said only "Go Fish" whatever the table waited for.
   */
  showTitle(state) {
    if (this.shown()) document.title = this.title(state);
  }

  /** The tab's title while the table is in view; another page has its own ("Game over" there was stale). */
  title(state = this.state) {
    const wanted = this.awayText || !state ? '' : (TITLE_BY_PHASE[state.phase] || '');
    return `${wanted}Go Fish`;
  }

  /** Say above the table, until a new game, something that holds for this game. */
  warn(text) {
    fill(this.noticeBox, text);
    this.noticeBox.hidden = false;
    this.announce(text);
  }

  // ------------------------------------------------------------ choosing a move

  explain(text) {
    fill(this.hint, lineWithCardsInWords(text)); // read back, "Q♦" was a letter and a symbol
    this.hintFor = this.moment();
    // The hint moves your seat down (or, cleared, up): the bubbles follow at once, before
    // anything else is drawn or measured. Left for the resize observer, a bubble beside
    // your seat lay over your cards until it ran (on a phone your books no longer sit
    // between the seat and the hand).
    this.placeBubbles();
    this.announce(text);
  }

  /** The moment a hint speaks of: the game's version and whose move it is (and whether this tab plays it). */
  moment() {
    const state = this.state;
    return state ? `${this.version} ${state.phase} ${state.current} ${this.awayText}` : '';
  }

  notNow() {
    const state = this.state;
    if (!state) return 'The game has not started yet.';
    if (this.awayText) return `${this.awayText} Choose "${this.awayAction}" to go on with it here.`;
    if (this.sent) return 'Your last move is on its way.';
    if (state.phase === 'over') return 'The game is over: play again from the result.';
    if (state.phase === 'fish') return 'Go fish first: pick a face-down card in the sea.';
    if (state.phase !== 'ask') return `Wait: it is ${this.name(state.current)}'s turn.`;
    return null;
  }

  chooseTarget(seat) {
    const problem = this.notNow();
    if (problem) return this.explain(problem);
    const player = this.state.players[seat];
    if (!player.cards) return this.explain(`${player.name} has no cards to ask for.`);
    const again = this.target === seat;
    this.target = seat;
    this.hint.textContent = '';
    this.render(this.state);
    if (this.rank) return this.proceed();
    // A new choice changes the status line, which says it; chosen again, nothing changed.
    return again ? this.explain(`Now choose a rank from your hand to ask ${player.name} for.`) : null;
  }

  chooseRank(rank) {
    const problem = this.notNow();
    if (problem) return this.explain(problem);
    if (!this.state.hand.some((card) => parseCard(card).rank === rank)) {
      return this.explain(`You hold no ${rankName(rank, 2)}: you may only ask for a rank you hold.`);
    }
    this.rank = rank;
    if (!this.choosingTarget()) this.target = this.state.players.find((p) => p.seat !== this.state.you).seat;
    if (this.target === null) {
      this.render(this.state);
      this.focusAskable(rank);
      return this.explain(`Now choose whom to ask for ${rankName(rank, 2)}.`);
    }
    return this.proceed();
  }

  /**
   * The rank is chosen and whom to ask is next: the keyboard goes to the first opponent
   * who may be asked for it, as it goes to the suits once both are chosen. It stayed on
   * the hand, the opponents a row of Shift+Tabs back past the other cards.
   */
  focusAskable(rank) {
    const seat = this.state.legal.find((a) => a.rank === rank)?.target;
    this.opponents.querySelector(`button.opponent[data-seat="${seat}"]`)?.focus();
  }

  proceed() {
    if (this.state.rules.ask === 'card') return this.showSuits();
    return this.ask(this.target, this.rank, null);
  }

  showSuits() {
    const rank = this.rank;
    const held = new Set(this.state.hand.filter((c) => parseCard(c).rank === rank).map((c) => parseCard(c).suit));
    const laid = this.state.players.map((p) => p.laid || []);
    const word = setWord(this.state.rules.book_size);
    const buttons = SUITS.map((suit) => {
      const card = rank + suit;
      const name = `${rankName(rank)} of ${SUIT_NAMES[suit]}`;
      // A card laid face up (pairs, ask: card) is a legal ask nobody can answer: not offered.
      const owner = held.has(suit) ? null : laidBy(laid, card);
      let label = `ask for the ${name}`;
      let why = null;
      if (held.has(suit)) {
        label = `${name}: you hold it already`;
        why = `You already hold the ${pretty(card)}: ask for a card you do not hold.`;
      } else if (owner !== null) {
        const whose = owner === this.state.you ? 'your' : `${this.name(owner)}'s`;
        label = `${name}: on the table, in ${whose} ${word}`;
        why = laidText(card, whose, this.state.rules.book_size);
      }
      return el('button', {
        type: 'button', class: `suit-button suit-${SUIT_NAMES[suit]}${owner === null ? '' : ' laid'}`,
        'aria-label': label, title: owner === null ? null : label,
        'aria-disabled': String(why !== null),
        dataset: { card },
        onclick: () => (why ? this.explain(why) : this.ask(this.target, rank, suit)),
      }, suitIcon(suit), owner === null ? card : el('s', {}, card));
    });
    const down = buttons.filter((b) => b.classList.contains('laid')).map((b) => pretty(b.dataset.card));
    const onTable = down.length ? ` (${down.join(' and ')} ${down.length === 1 ? 'is' : 'are'} on the table)` : '';
    fill(this.suitChooser, el('span', { class: 'suit-question' }, lineWithCardsInWords(`Which ${rankName(rank)}?${onTable}`)), buttons);
    this.suitChooser.hidden = false;
    // The opponent is chosen: the hint moves on to the suit (it asked for an opponent).
    this.explain(`Now choose which ${rankName(rank)} to ask ${this.name(this.target)} for.`);
    buttons.find((b) => b.getAttribute('aria-disabled') === 'false')?.focus();
  }

  ask(target, rank, suit) {
    const legal = this.state.legal.some((a) => a.target === target && a.rank === rank && (a.suit ?? null) === suit);
    if (!legal) return this.explain(`You cannot ask ${this.name(target)} for that now.`);
    this.sent = true;
    this.rank = null;
    if (this.choosingTarget() && !this.state.players[target].cards) this.target = null;
    this.hint.textContent = '';
    this.leaveSuits(rank);
    this.suitChooser.hidden = true;
    this.placeBubbles(); // the words above your seat lost lines (see explain)
    this.send({ type: 'ask', version: this.version, target, rank, ...(suit ? { suit } : {}) });
    return true;
  }

  /**
   * The suit buttons are about to hide: the keyboard goes back to the rank's cards.
   * Left on a hidden button it fell to the top of the page, and after a hit (no change
   * of phase to bring it back) Tab started again from the page's links.
   */
  leaveSuits(rank) {
    if (!this.suitChooser.contains(document.activeElement)) return;
    const group = this.hand.querySelector(`.rank-group[data-rank="${rank}"]`) || this.hand.querySelector('.rank-group');
    group?.focus({ preventScroll: true });
  }

  fish(index) {
    if (this.state?.phase !== 'fish' || this.sent || this.awayText) return this.explain(this.notNow() || 'You may only fish after "Go fish!".');
    this.sent = true;
    this.send({ type: 'fish', version: this.version, index });
    return true;
  }

  // The sea is one Tab stop (see moveAlong): this card is it now.
  seaStopAt(index) {
    makeTabStop([...this.pond.querySelectorAll('button.sea-card')], index);
    this.seaStop = index;
  }

  onKey(event) {
    if (!this.state || !this.shown()) return;
    if (event.target.closest('input, select, textarea') || event.ctrlKey || event.metaKey || event.altKey) return;
    const key = event.key.toLowerCase();
    if (key === 'escape' && (this.rank || this.target !== null)) {
      this.leaveSuits(this.rank);
      this.rank = null;
      this.target = null;
      this.render(this.state);
      // Told "Go fish!", the draw is still owed: "Choice cleared." alone read as a way out.
      this.explain(this.state.phase === 'fish' ? 'Choice cleared. Go fish first: pick a face-down card in the sea.' : 'Choice cleared.');
      return;
    }
    if (key === 'f' && this.state.phase === 'fish') {
      event.preventDefault();
      this.fish(Math.floor(Math.random() * this.state.pond));
      return;
    }
    // F at a sea before "Go fish!" did nothing, a hint about an earlier key left standing:
    // it says when F fishes, or what the table waits for.
    if (key === 'f' && this.state.rules.sea) {
      event.preventDefault();
      this.fish();
      return;
    }
    const rank = RANK_KEYS[key] || (RANKS.includes(key) ? key : null);
    if (rank) {
      event.preventDefault();
      this.chooseRank(rank);
    }
  }

  // ------------------------------------------------------------ motion and voices

  anchorOf(seat) {
    return this.root.querySelector(`.seat-anchor[data-seat="${seat}"]`) || this.me;
  }

  async animate(event) {
    const you = this.state.you;
    const pond = this.pond.querySelector('.pond-anchor') || this.pond;
    const faces = (cards) => (cards || []).map((c) => cardFace(c, { label: false }));
    const backs = (count) => Array.from({ length: Math.max(1, Math.min(count, 4)) }, () => cardBack());
    switch (event.type) {
      case 'asked':
        this.flash(event.target);
        return this.pause(650);
      case 'went_fishing':
        return this.pause(450);
      case 'handed_over': {
        const cards = event.cards && [event.giver, event.receiver].includes(you) ? faces(event.cards) : backs(event.count);
        return this.fly(cards, this.anchorOf(event.giver), this.anchorOf(event.receiver));
      }
      case 'drew':
        return this.fly(event.card ? faces([event.card]) : backs(1), pond, this.anchorOf(event.player));
      case 'refilled':
        return this.fly(event.cards ? faces(event.cards) : backs(event.count), pond, this.anchorOf(event.player));
      case 'lucky_draw':
        return this.pause(600);
      case 'book_laid': {
        const shelf = this.root.querySelector(`[data-books-of="${event.player}"]`) || this.anchorOf(event.player);
        const cards = event.cards || SUITS.slice(0, this.state.rules.book_size).map((s) => event.rank + s);
        return this.fly(cards.map((c) => cardFace(c, { label: false })), this.anchorOf(event.player), shelf);
      }
      default:
        return this.pause(150);
    }
  }

  /** The opening deal: a card flies from the pond to each seat in turn, a few times round. */
  async dealMotion(state) {
    if (!this.speed || REDUCED_MOTION.matches) return;
    const pond = this.pond.querySelector('.pond-anchor') || this.pond;
    const rounds = 3;
    for (let round = 0; round < rounds; round += 1) {
      for (const player of state.players) {
        this.fly([cardBack()], pond, this.anchorOf(player.seat), 260); // not awaited: a stream
        await this.pause(70);
      }
    }
    await this.pause(300);
  }

  pause(ms) {
    return this.speed ? sleep(ms * this.speed) : Promise.resolve();
  }

  flash(seat) {
    const anchor = this.anchorOf(seat);
    anchor.classList.add('asked');
    setTimeout(() => anchor.classList.remove('asked'), 900 * Math.max(this.speed, 0.2));
  }

  async fly(cards, from, to, duration = 520) {
    if (!this.speed || !from || !to) return;
    if (REDUCED_MOTION.matches) {
      await this.pause(300); // no flying cards, but the same rhythm
      return;
    }
    const start = from.getBoundingClientRect();
    const end = to.getBoundingClientRect();
    const flock = el('div', { class: 'flying', 'aria-hidden': 'true' }, cards);
    document.body.append(flock);
    const dx = end.left + end.width / 2 - (start.left + start.width / 2);
    const dy = end.top + end.height / 2 - (start.top + start.height / 2);
    flock.style.left = `${start.left + start.width / 2}px`;
    flock.style.top = `${start.top + start.height / 2}px`;
    const motion = flock.animate(
      [{ transform: 'translate(-50%, -50%) scale(1)', opacity: 1 },
        { transform: `translate(calc(${dx}px - 50%), calc(${dy}px - 50%)) scale(0.8)`, opacity: 0.9 }],
      { duration: duration * this.speed, easing: 'cubic-bezier(.3,.7,.3,1)' },
    );
    await motion.finished.catch(() => {});
    flock.remove();
  }

  say(seat, text) {
    this.bubbles.querySelector(`[data-seat="${seat}"]`)?.remove();
    const bubble = el('div', { class: `bubble${seat === this.state?.you ? ' mine' : ''}`, dataset: { seat } }, el('span', { text }));
    this.bubbles.append(bubble);
    this.placeBubble(bubble);
    setTimeout(() => bubble.remove(), Math.max(1800 * (this.speed || 0.5), 900));
  }

  /** Place the bubbles again: a redraw or a wrapped line may have moved the pond or a seat. */
  placeBubbles() {
    for (const bubble of this.bubbles.children) this.placeBubble(bubble);
  }

  /**
   * Put a bubble by its speaker where it covers neither the pond, your hand nor the words
   * saying what to do (the things you are reading or clicking) nor another player's seat, preferring a spot
   * clear of the other bubbles. An opponent speaks downwards first, you to your right;
   * the tail always points at the speaker. With four or five players the seats crowd
   * each other (on a phone in two rows 10 px apart), so where no spot by the seat is
   * clear the words wrap to the seat's width, and failing that go inside the seat. With
   * none of these clear, the one least over the pond and the hand, then the seats.
   */
  placeBubble(bubble) {
    const around = this.bubbleSurroundings(bubble);
    const { speaker, keepClear, seats, cap } = around;
    // Never wider than the stylesheet lets a bubble be: the seat may be wider (a long name).
    const wrapped = Math.min(Math.max(speaker.right - speaker.left, NARROWEST_BUBBLE), cap);
    // On a phone a lone opponent's seat leaves a strip beside it: words wrapped to that
    // strip keep clear of the seat's cards and books, which words inside it would cover.
    const besideRoom = Math.min(cap, Math.max(around.felt.width - EDGE - BUBBLE_GAP - speaker.right,
      speaker.left - BUBBLE_GAP - EDGE));
    const tries = [() => this.bubbleSpot(bubble, around, null), () => this.bubbleSpot(bubble, around, wrapped),
      ...(besideRoom >= NARROWEST_BUBBLE && besideRoom < wrapped ? [() => this.bubbleSpot(bubble, around, besideRoom)] : []),
      () => this.bubbleInside(bubble, around)];
    const tried = [];
    for (const attempt of tries) {
      const spot = attempt();
      if (!coverage(spot, keepClear) && !coverage(spot, seats)) return this.putBubble(bubble, spot);
      tried.push(spot);
    }
    const inTheWay = (spot) => [coverage(spot, keepClear), coverage(spot, seats)];
    return this.putBubble(bubble, tried.reduce((best, spot) => (lessInTheWay(inTheWay(spot), inTheWay(best)) ? spot : best)));
  }

  /** The boxes a bubble is placed among, relative to the felt. */
  bubbleSurroundings(bubble) {
    const felt = this.bubbles.getBoundingClientRect();
    const inFelt = (node, margin = 0) => {
      const box = node.getBoundingClientRect();
      return { left: box.left - felt.left - margin, top: box.top - felt.top - margin,
        right: box.right - felt.left + margin, bottom: box.bottom - felt.top + margin };
    };
    const seat = Number(bubble.dataset.seat);
    const speakerBox = this.anchorOf(seat);
    // The stylesheet's cap, read with no width of ours set (it would be read instead).
    bubble.style.maxWidth = '';
    const cap = parseFloat(getComputedStyle(bubble).maxWidth) || Infinity;
    // A margin round the other seats: one asked grows by a twentieth (.asked) after the
    // bubble is placed, and a transform moves no box the resize observer would see.
    const seats = [...this.root.querySelectorAll('.seat-anchor')].filter((node) => node !== speakerBox)
      .map((node) => inFelt(node, SEAT_MARGIN));
    return {
      felt: { width: felt.width, height: felt.height },
      cap,
      speaker: inFelt(speakerBox),
      mine: seat === this.state?.you,
      keepClear: [this.pond.querySelector('.sea, .pile'), this.pond.querySelector('.pond-count'), this.hand,
        ...this.promptWords()].filter(Boolean).map((node) => inFelt(node)),
      seats,
      // Offsets, not client boxes: a bubble still popping in is scaled down.
      others: [...this.bubbles.children].filter((b) => b !== bubble)
        .map((b) => ({ left: b.offsetLeft, top: b.offsetTop, right: b.offsetLeft + b.offsetWidth, bottom: b.offsetTop + b.offsetHeight })),
    };
  }

  /**
   * The words beside the pond that say what to do (the status line, the hint, the suit
   * buttons), as ranges round their text: a line spans its column, mostly empty. A
   * bubble under a seat lay over "Your turn: …" on a window zoomed to 200%.
   */
  promptWords() {
    return [this.status, this.hint, this.suitChooser].filter((node) => !node.hidden && node.textContent).map((node) => {
      const words = document.createRange();
      words.selectNodeContents(node);
      return words;
    });
  }

  /** The best spot by the speaker for the bubble, its words wrapped at ``width`` px (null: at its widest). */
  bubbleSpot(bubble, { felt, speaker, mine, keepClear, seats, others }, width) {
    bubble.style.maxWidth = width === null ? '' : `${width}px`;
    const spots = bubbleSpots(speaker, bubble.offsetWidth, bubble.offsetHeight, mine, felt, [...keepClear, ...seats]);
    // Placed again, a bubble keeps its side if it can, rather than jump round its speaker.
    const spot = bestSpot(spots, keepClear, seats, others, bubble.dataset.side)
      // a felt too small for any: its corner
      ?? { side: 'below', left: EDGE, top: EDGE, right: EDGE + bubble.offsetWidth, bottom: EDGE + bubble.offsetHeight, tip: 16 };
    return { ...spot, width };
  }

  /**
   * The bubble inside its speaker's seat, as wide as the seat and the cap let it be (no tail),
   * within the felt: at the seat's foot, over its cards and books, so that the name above
   * still says who speaks.
   */
  bubbleInside(bubble, { felt, speaker, cap }) {
    const width = Math.min(Math.max(speaker.right - speaker.left - 2 * EDGE, NARROWEST_BUBBLE), cap);
    bubble.style.maxWidth = `${width}px`;
    const [w, h] = [bubble.offsetWidth, bubble.offsetHeight];
    const left = within((speaker.left + speaker.right - w) / 2, EDGE, felt.width - EDGE - w);
    const top = within(Math.max(speaker.bottom - h, speaker.top), EDGE, felt.height - EDGE - h);
    return { side: 'inside', left, top, right: left + w, bottom: top + h, tip: 0, width };
  }

  /** Show the bubble at ``spot``, its words wrapped at ``spot.width`` px (null: at its widest). */
  putBubble(bubble, spot) {
    bubble.style.maxWidth = spot.width === null ? '' : `${spot.width}px`;
    bubble.dataset.side = spot.side;
    bubble.classList.remove('below', 'above', 'right', 'left', 'inside');
    bubble.classList.add(spot.side);
    bubble.style.left = `${spot.left}px`;
    bubble.style.top = `${spot.top}px`;
    bubble.style.setProperty('--tip', `${spot.tip}px`);
  }

  logLine(text, type) {
    this.log.append(el('li', { class: `log-${type}` }, lineWithCardsInWords(text)));
    while (this.log.children.length > 300) this.log.firstElementChild.remove();
    // Scrolled once a frame, before it is drawn: reading scrollHeight lays the page out,
    // and done for each line of a batch it was a fifth of the page's work at speed 0.
    this.logScroll ??= requestAnimationFrame(() => {
      this.logScroll = null;
      this.log.scrollTop = this.log.scrollHeight;
    });
  }
}

// The least a sea keeps, when the felt still overflows the window: a row of its cards to tap.
const SMALLEST_SEA = 56;
const BUBBLE_GAP = 14; // room for the tail between a bubble and its speaker
const EDGE = 4; // a bubble keeps this far inside the felt
const SEAT_MARGIN = 5; // and this far from another player's seat
const NARROWEST_BUBBLE = 90; // words wrapped narrower than this would stand a word a line

/**
 * Where a ``width`` × ``height`` bubble may go by ``speaker`` (boxes relative to the
 * felt), in order of preference: each a box, the ``side`` of the speaker it is on and
 * where along that side its tail is. Below or above, it may slide sideways off the
 * boxes in ``avoid`` as far as the tail can still point at the speaker.
 */
function bubbleSpots(speaker, width, height, mine, felt, avoid) {
  const middleX = (speaker.left + speaker.right) / 2;
  const middleY = (speaker.top + speaker.bottom) / 2;
  const spots = [];
  const across = (side, top) => {
    const lefts = [middleX - width / 2, ...avoid.flatMap((box) => [box.right + EDGE, box.left - EDGE - width])];
    for (const raw of lefts) {
      const left = within(raw, EDGE, felt.width - EDGE - width);
      const tip = middleX - left;
      if (tip >= 16 && tip <= width - 16) spots.push({ side, left, top, tip });
    }
  };
  const beside = (side, left) => {
    const top = within(middleY - height / 2, EDGE, felt.height - EDGE - height);
    spots.push({ side, left, top, tip: Math.min(Math.max(middleY - top, 12), height - 12) });
  };
  // Tucked a little into the speaker's seat, or clear of the seats beside it.
  const below = () => [speaker.bottom - 6, speaker.bottom + SEAT_MARGIN + 1].forEach((top) => across('below', top));
  const above = () => [speaker.top + 6 - height, speaker.top - SEAT_MARGIN - 1 - height].forEach((top) => across('above', top));
  const right = () => beside('right', speaker.right + BUBBLE_GAP);
  const left = () => beside('left', speaker.left - BUBBLE_GAP - width);
  const order = mine ? [right, above, left] : [below, right, left, above];
  for (const add of order) add();
  return spots
    .map((spot) => ({ ...spot, right: spot.left + width, bottom: spot.top + height }))
    .filter((spot) => spot.left >= 0 && spot.top >= 0 && spot.right <= felt.width && spot.bottom <= felt.height);
}

/** ``value`` moved into ``low``..``high``; ``high`` wins where they cross. */
function within(value, low, high) {
  return Math.min(Math.max(value, low), high);
}

/** Whether ``[pondAndHand, seats]`` coverage ``a`` is less in the way than ``b``: the pond and the hand first. */
function lessInTheWay([aKept, aSeats], [bKept, bSeats]) {
  return aKept < bKept || (aKept === bKept && aSeats < bSeats);
}

function overlap(a, b) {
  return Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left))
    * Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));
}

/** How much of ``boxes`` a spot covers, in square pixels. */
function coverage(spot, boxes) {
  return boxes.reduce((total, box) => total + overlap(spot, box), 0);
}

/**
 * Of the spots clear of the pond and the hand (``keepClear``), those clear of the other
 * seats too, or failing that the ones over the least of them: there, one on ``side``
 * (where the bubble was), else one clear of the other bubbles, else the first. With no
 * spot clear of the pond and the hand, the least in their way; with no spot, null.
 */
function bestSpot(spots, keepClear, seats, others, side) {
  const clear = spots.filter((spot) => coverage(spot, keepClear) === 0);
  if (clear.length) {
    const least = Math.min(...clear.map((spot) => coverage(spot, seats)));
    const fewest = clear.filter((spot) => coverage(spot, seats) === least);
    return fewest.find((spot) => spot.side === side) || fewest.find((spot) => coverage(spot, others) === 0) || fewest[0];
  }
  if (spots.length) return spots.reduce((best, spot) => (coverage(spot, keepClear) < coverage(best, keepClear) ? spot : best));
  return null;
}

// The id of an opponent's books read in words, which their button is described by.
function booksInWordsId(seat) {
  return `books-in-words-${seat}`;
}

/** The coach's words for the laid sets: under the pairs rule the table says pairs, so does the coach. */
function coachWords(bookSize) {
  if (bookSize === 2) {
    return { laid: 'Paired', short: 'Pr', inSets: 'in pairs', done: 'Every card is in a pair: nothing is left to track.' };
  }
  return { laid: 'Booked', short: 'Bk', inSets: 'in books', done: 'Every rank is in a book: nothing is left to track.' };
}

/** A seat's cards face down: a fan of at most ten backs, for the eye alone. */
function miniFan(count) {
  return el('div', { class: 'mini-fan', 'aria-hidden': 'true' },
    Array.from({ length: Math.min(count, 10) }, () => cardBack()));
}

/**
 * The cards a seat held when the game ended, face up as small chips that wrap (three
 * seats of 13 cards fit a phone). Screen readers hear them once, in the seat's label.
 */
function openHand(cards) {
  return el('div', { class: 'open-hand', 'aria-hidden': 'true' },
    cards.map((card) => el('span', { class: `held-chip suit-${SUIT_NAMES[parseCard(card).suit]}`, dataset: { card } }, pretty(card))));
}

/** Headings of at most three characters, told apart: Emma, Emma 2 → Emm, Em2. */
function shortNames(names) {
  const first = names.map((name) => [...name].slice(0, 3).join(''));
  return names.map((name, i) => {
    if (first.filter((f) => f === first[i]).length === 1) return first[i];
    const chars = [...name];
    const mixed = chars.slice(0, 2).join('') + chars[chars.length - 1];
    const clash = names.some((other, j) => j !== i && [...other].slice(0, 2).join('') + [...other].at(-1) === mixed);
    return clash ? `P${i + 2}` : mixed;
  });
}

/** A coach cell: ✗ (holds none), ≥ n (holds at least n) or ? — with words for screen readers. */
function coachMark(none, known) {
  const [mark, words] = none ? ['✗', 'none'] : (known ? [`≥ ${known}`, `at least ${known}`] : ['?', 'unknown']);
  return [el('span', { 'aria-hidden': 'true' }, mark), el('span', { class: 'visually-hidden' }, words)];
}
