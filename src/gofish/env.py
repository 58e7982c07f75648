"""One seat at the table for learning agents: ``reset`` and ``step``, numbers in and out.

``GoFishEnv`` seats an agent against built-in bots and plays their turns itself,
so every ``step`` is one ask of the agent's. It follows the Gymnasium calling
convention (``reset`` gives ``(observation, info)``, ``step`` gives
``(observation, reward, terminated, truncated, info)``) without needing
Gymnasium installed. With Gymnasium installed (``pip install gymnasium``, or
``gofish[rl]``), ``observation_space`` and ``action_space`` are its ``Box`` and
``Discrete`` spaces; without it they are AttributeErrors saying so. It is not a
``gymnasium.Env`` subclass (it plays without Gymnasium): for ``gymnasium.make``,
Gymnasium's wrappers and its env checker, use ``gofish.gymnasium_env.GoFishGymEnv``.

Everything the agent gets comes from its seat's ``View`` (``gofish.core.view``
filters the hidden cards), read through the public card count of
``gofish.knowledge``, so an agent cannot learn from what a player could not see.

Actions are numbered from the agent's seat: action ``a`` asks the opponent
``a // per_opponent + 1`` seats to the left for rank ``a % 13 + 1`` (A = 1 …
K = 13; ``per_opponent`` is 13). Under the ``ask: card`` house rule each rank
has four actions in a row, one per suit (``per_opponent`` is 52): rank
``a % 52 // 4 + 1``, suit ``gofish.core.SUITS[a % 4]``.
``info["legal"]`` lists the legal action numbers (none once the episode is over,
truncated too); ``action_mask`` gives them as a 0/1 vector.

An action that is not legal now raises ``GoFishError`` (a ``ValueError``) and changes
nothing: pick from ``info["legal"]``, or mask a policy's choice with ``action_mask()``.

The bots may end the game before the agent's first ask (under the nordic rules with
one card dealt each, taking it ends the game in about one deal in thirty at two seats,
one in 11 at five, against Emma). Such a deal
has no decision in it, so ``reset`` passes it over and deals the next game of the same
seed's sequence, and ``info["deals_passed_over"]`` (from ``reset`` only) counts them.
It tries ``DEALS_PER_RESET`` (100) deals; should the bots finish every one of them first,
it raises ``GoFishError``, as the PettingZoo table does, and there is no game to step until
a ``reset`` deals one (the next resets go on with the seed's sequence). An
episode is cut short (``truncated``) after the agent's ``max_asks`` asks, or when the
bots ask ``BOT_ASKS_IN_A_ROW`` (1,000) times with no turn of the agent's between: bots
of your own can ask in circles with a dry pond while the agent cannot ask (a deal where
that happens before its first ask is passed over too). Once an episode is over,
terminated or truncated, ``step`` refuses to go on until ``reset``.

The observation is a float32 vector of ``observation_size(players)`` values, each in
0..1, in this order:

- 13: the agent's cards of each rank A…K, divided by 4;
- for each opponent, from the agent's left, 29: its hand size / 52, its books / the
  books a game has (13, or 26 under pairs), 1 if still in play, then for each rank
  the fewest cards of it the table knows it holds (/ 4), then for each rank 1 if it
  is known to hold none;
- 13: the cards of each rank laid in books, / 4;
- the pond / 52, and the agent's books / the books a game has.

It counts cards by rank only, under every rule set: under ``ask: card`` it does not
say which suits the agent holds, nor which card each ask named. The action mask does
(the agent may ask only for a card it lacks, of a rank it holds), and ``view()`` gives
the seat's whole view, suits and history, for features of your own.

Seeding follows Gymnasium: ``reset(seed=s)`` deals the same game and bot play every
time, and the unseeded resets after it deal a sequence of games fixed by ``s``. A
negative ``s``, or one that is not a number, is refused (``MalformedInputError``),
changing nothing. Each opponent's ``rng`` is its own, and its state tells nothing of the
deal. The exception is an opponent whose think is cut short by the wall clock:
``ismcts`` and ``ismcts-quick`` stop at ``seconds`` (0.2 a decision) if their
``iterations`` are not done by then, so on a busy or slower machine they play
otherwise and the same seed can give another game; ``ismcts:seconds=3600`` leaves the
limit to ``iterations`` alone and is repeatable (as in docs/tournament.md, "Determinism").

To watch the agent play, make the environment with ``render_mode="ansi"``: ``render()``
gives the game as text, as the agent's seat sees it (``gofish.rendering``); with
``"human"`` every ``reset`` and ``step`` prints it. For example, after a step::

    What happened:
      You ask Emma for aces.
      Emma says: "Go fish!"
      You draw the 6♣ from the pond.
      Emma's turn.
      ...
    Your hand: A♦, 5♣, 6♣, 8♥, 9♣, 10♥, J♣.
    You (player 0): 7 cards; books: none.
    Emma (player 1): 9 cards; books: none.
    The pond: 36 cards.
    Your turn.

It is made from the seat's ``View`` alone, so it shows no other hand and no pond order.
After a ``reset`` that passed over deals, the first line of its news says how many.
With ``render_mode=None`` (the default) ``render()`` warns and gives None; before the
first ``reset`` it raises ``GoFishError``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from functools import cached_property
from typing import Any, cast

import numpy as np

from gofish.bots import Bot, bot_turn, make_bot
from gofish.bots.base import bot_names_in_order, seat_names, too_many_opponents
from gofish.core import (
    RANKS,
    SUITS,
    Ask,
    Game,
    GoFishError,
    MalformedInputError,
    Rules,
    View,
    make_rules,
    new_game,
)
from gofish.core.errors import a_kind, short_repr
from gofish.core.rules import check_players
from gofish.knowledge import CARDS_PER_RANK, Tracker, check_view
from gofish.narrate import plural
from gofish.rendering import (
    RenderMode,
    check_render_mode,
    news_start,
    render_metadata,
    rendered,
    seat_picture,
    show_to_human,
)
from gofish.sim import as_whole_number

#: A whole number as a study holds it: Python's, or numpy's (an element of an array of
#: seeds, a policy's ``argmax``), which every count, seed and action here takes.
WholeNumber = int | np.integer[Any]

#: Observation features per opponent: hand size, books, still in play, then per rank
#: the fewest cards known held and whether known to hold none.
_PER_OPPONENT = 3 + 2 * len(RANKS)

#: The bots' asks between two of the agent's (or after it left play) past which they are
#: taken to ask in circles: the tournament's limit for a whole game, which no game of the
#: built-in bots comes near.
BOT_ASKS_IN_A_ROW = 1_000
#: Deals ``reset`` tries for one where the agent gets to ask: one that the bots end (or
#: ask in circles in) first has no decision in it, and a vector env would step it.
DEALS_PER_RESET = 100


def _bot_rng(seed: int | None, seat: int) -> random.Random:
    """The generator of the bot in ``seat``. Seeded from text, which random.Random hashes
    (SHA-512), so its state leads nowhere: seeded from the deal's own stream, as it was, a
    bot read the first draws of the shuffle back out of it and named pond cards."""
    return random.Random(None if seed is None else f"gofish.env {_seed_text(seed)}/bot{seat}")


def _seed_text(seed: int) -> str:
    """``seed`` in decimal, as the generators' texts have always written it; in hex past
    Python's 4,300-digit limit for int-to-text conversion, which str() refuses with a
    ValueError (a seed of 10**5000 is a whole number from 0, as the docs ask)."""
    try:
        return str(seed)
    except ValueError:
        return hex(seed)


def observation_size(players: WholeNumber) -> int:
    """Length of the observation vector at a table of ``players`` (2 to 5; anything else
    is a MalformedInputError, not a length of -1 for 0 players)."""
    players = check_players(as_whole_number(players))
    # My cards per rank, each opponent's block, cards of each rank in books, pond, my books.
    return len(RANKS) + (players - 1) * _PER_OPPONENT + len(RANKS) + 2


def encode(view: View, tracker: Tracker | None = None) -> np.ndarray:
    """The public facts of ``view`` as a float32 vector (layout: ``observation_size``).

    Counts are scaled to about 0..1: cards of a rank by 4, hand sizes and the pond
    by 52, books by the books a game has. Opponents come in seat order from the
    viewer's left. Pass a ``Tracker`` kept across the game to avoid re-reading it, made
    for the view's seat and ``rules.book_size`` (another is refused).
    """
    check_view(view, "encode")
    if view.viewer is None:
        raise GoFishError("a spectator's view has no seat to encode")
    if tracker is not None and not isinstance(tracker, Tracker):
        raise MalformedInputError(f"encode's tracker must be a gofish.knowledge.Tracker (or "
                                  f"None), not {type(tracker).__name__}")
    me = view.viewer
    tracker = (tracker or Tracker(view.num_players, me, view.rules.book_size)).update(view)
    books_in_game = 52 // view.rules.book_size
    mine = [0] * 14
    for card in view.hand or ():
        mine[card.rank] += 1
    features: list[float] = [mine[rank] / CARDS_PER_RANK for rank in RANKS]
    for offset in range(1, view.num_players):
        seat = (me + offset) % view.num_players
        features += [view.hand_sizes[seat] / 52, len(view.books[seat]) / books_in_game,
                     float(view.in_play[seat])]
        features += [tracker.known[seat][rank] / CARDS_PER_RANK for rank in RANKS]
        features += [float(tracker.holds_none(seat, rank)) for rank in RANKS]
    features += [tracker.booked[rank] / CARDS_PER_RANK for rank in RANKS]
    features += [view.pond_size / 52, len(view.books[me]) / books_in_game]
    return np.asarray(features, dtype=np.float32)


def actions_per_opponent(rules: Rules) -> int:
    """Action numbers per opponent: one per rank, or one per card under ``ask: card``."""
    return len(RANKS) * (len(SUITS) if rules.ask == "card" else 1)


def action_number(ask: Ask, seat: int, players: int, per_opponent: int) -> int:
    """The number of ``ask`` made from ``seat`` (see the module's docstring). GoFishError
    for an ask no number stands for: a seat not at the table, a suit where the rules ask
    for ranks, none where they ask for cards (each was numbered as another ask)."""
    if not isinstance(ask, Ask):
        raise GoFishError(f"action_of takes an Ask, not {ask!r}")
    if not 0 <= ask.target < players:
        raise GoFishError(f"{ask} asks seat {ask.target}, which is not at this table of "
                          f"{players} (seats 0 to {players - 1})")
    by_card = per_opponent != len(RANKS)
    if (ask.suit is not None) != by_card:
        raise GoFishError(f"{ask} " + ("names no suit, and the rules ask for cards" if by_card
                                       else "names a suit, and the rules ask for ranks"))
    offset = (ask.target - seat) % players
    if offset == 0:
        raise GoFishError(f"{ask} asks the agent itself")
    index = (offset - 1) * per_opponent + (ask.rank - 1) * (per_opponent // len(RANKS))
    if ask.suit is not None:
        index += SUITS.index(ask.suit)
    return index


def numbered_ask(action: WholeNumber, seat: int, players: int, per_opponent: int) -> Ask:
    """The ``Ask`` that action number ``action`` stands for, made from ``seat``."""
    count = (players - 1) * per_opponent
    number = as_whole_number(action)  # numpy's too, and a 0-d array as a policy returns
    if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number < count:
        raise GoFishError(f"an action is a whole number from 0 to {count - 1}, "
                          f"not {short_repr(action)}")
    offset, within = divmod(number, per_opponent)
    target = (seat + offset + 1) % players
    if per_opponent == len(RANKS):
        return Ask.of(target, RANKS[within])
    rank_index, suit_index = divmod(within, len(SUITS))
    return Ask.of(target, RANKS[rank_index], SUITS[suit_index])


def legal_numbers(game: Game, seat: int, per_opponent: int) -> list[int]:
    """The numbers of the asks ``game`` allows ``seat`` now, in order (none when it is not
    that seat's turn)."""
    if game.current_player != seat:
        return []
    return sorted(action_number(ask, seat, game.num_players, per_opponent)
                  for ask in game.legal_actions())


def legal_now(ask: Ask, game: Game, seat: int, per_opponent: int) -> Ask:
    """``ask``, made from ``seat``, if ``game`` allows it now; else GoFishError naming the
    action numbers that are legal."""
    legal = game.legal_actions()
    if ask not in legal:
        choices = ", ".join(str(action_number(a, seat, game.num_players, per_opponent))
                            for a in legal)
        raise GoFishError(f"{ask} is not a legal ask now; the legal actions are {choices}")
    return ask


def checked_seed(seed: object) -> int | None:
    """``seed`` as a whole number from 0 (numpy's too, as a study's arrays hold seeds), or
    None; MalformedInputError for anything else."""
    given = as_whole_number(seed)
    # new_game takes text too, but a Gymnasium seed is a number (the docs say so); and
    # random.Random seeds with abs(): -1 dealt the game of 1. Gymnasium's seeds are 0 or more.
    if given is not None and (not isinstance(given, int) or isinstance(given, bool)
                              or given < 0):
        raise MalformedInputError(f"seed must be a whole number from 0, as Gymnasium's "
                                  f"seeds are, not {short_repr(given)}")
    return given


class DealSeeds:
    """Which seed deals each game of an environment: the seed given to ``reset``, else the
    next of the sequence the last given seed fixed, so a training run can be repeated
    (None before any seed: the operating system's randomness deals)."""

    def __init__(self, label: str) -> None:
        self._label = label  # the sequence's own text: one seed's sequences differ by env
        self._later: random.Random | None = None

    def next(self, seed: object) -> int | None:
        """The seed to deal with; a refused ``seed`` changes nothing."""
        given = checked_seed(seed)
        if given is None:
            return None if self._later is None else self._later.getrandbits(64)
        self._later = random.Random(f"{self._label} {_seed_text(given)}")
        return given

    def tries(self, seed: object) -> Iterator[int | None]:
        """The seeds a reset may deal with, ``DEALS_PER_RESET`` at most: ``seed``'s game,
        then the next games of its sequence (so a seed still repeats), while a deal has no
        decision in it. A refused ``seed`` is refused at the first, before any deal."""
        yield self.next(seed)
        for _ in range(DEALS_PER_RESET - 1):
            yield self.next(None)


def _gymnasium_spaces(name: str) -> Any:
    """``gymnasium.spaces``, or an AttributeError saying how to have ``name``: the
    environment runs without Gymnasium, and a library probing with hasattr() is told no."""
    try:
        import gymnasium.spaces
    except ImportError:
        raise AttributeError(f"GoFishEnv.{name} is a Gymnasium space: pip install gymnasium "
                             "(or gofish[rl]) to have it; the environment runs without it"
                             ) from None
    return gymnasium.spaces


class GoFishEnv:
    """The agent's seat against built-in bots (by name or spec, as in ``make_bot``).

    ``opponents`` names one bot per other seat (the last one repeats), ``seat`` is
    the agent's seat and ``rules`` a preset, rules object or ``Rules``. The names take
    the other seats in seat order (with ``seat=1`` of 3, ``opponents[0]`` sits at seat 0
    and ``opponents[1]`` at seat 2), while the observation's blocks and the action
    numbers count the opponents from the agent's left (seat 2 first, then seat 0); a
    wrong guess there would train against another bot than meant. The reward
    is 0 until the game ends, then the agent's share of the win (1, 1/k when k
    share it, else 0). ``max_asks`` cuts a game short (``truncated``) in case an
    agent asks in circles with a dry pond (``BOT_ASKS_IN_A_ROW`` does so for the bots).
    A mapping (``{"emma": 1}``) is refused, not read as its keys: what its values
    meant (a count? options?) would be dropped. The observation counts cards by rank, without
    suits, also under ``ask: card`` (see the module's docstring). ``render_mode``
    ``"ansi"`` or ``"human"`` draws the game as the agent's seat sees it (see
    ``render``).
    """

    metadata: dict[str, Any] = render_metadata()  # Gymnasium's name and shape

    def __init__(self, rules: object = "classic", players: WholeNumber = 2,
                 opponents: Sequence[str] = ("emma",), seat: WholeNumber = 0,
                 max_asks: WholeNumber = 1000, render_mode: RenderMode | None = None) -> None:
        # str, as gymnasium.Env declares it (check_render_mode keeps it to the two modes)
        self.render_mode: str | None = check_render_mode(type(self).__name__, render_mode)
        # numpy's whole numbers too, as a study's arrays hold them (as for seeds and actions)
        players, seat, max_asks = (cast(int, as_whole_number(value))
                                   for value in (players, seat, max_asks))
        self.rules: Rules = make_rules(rules).for_players(players)
        self.players = players
        # Text (bytes too) is not a list of names; a set has no order, so which bot sat
        # where changed from run to run (string hashes are salted per process); a number
        # was a TypeError and a numpy array of names a ValueError ("truth value ...").
        if isinstance(opponents, Mapping):  # {"emma": 1} was read as its keys alone
            raise GoFishError(
                "opponents must be a list of bot names, e.g. ['emma'], not "
                f"{a_kind(opponents)} ({short_repr(opponents)}), whose values would "
                "be dropped: name one bot per opponent, in seat order, options after a "
                "colon, e.g. ['emma:memory=2']")
        names = list(bot_names_in_order("opponents", opponents, GoFishError))
        if not names:
            raise GoFishError("opponents must be a list of bot names, e.g. ['emma'], not "
                              "an empty one")
        if len(names) > players - 1:  # not dropped in silence: the agent would train
            raise GoFishError(         # against other bots than named (as TableSettings)
                too_many_opponents(len(names), players, "pass players={}"))
        names += [names[-1]] * (players - 1 - len(names))
        for name in names:  # an unknown bot or option is refused now, not mid-game, with
            make_bot(name)  # make_bot's MalformedInputError (a GoFishError, as every refusal here)
        self.opponent_names = names
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise GoFishError(f"seat must be a seat from 0 to {players - 1}, "
                              f"not {short_repr(seat)}")
        self.seat = seat
        # The seats as the picture names them: the bots as a table does ("Emma 2").
        others = iter(seat_names("Agent", names)[1:])
        self._names = ["Agent" if s == seat else next(others)[0] for s in range(players)]
        self._labels = [f"{'You' if s == seat else self._names[s]} (player {s})"
                        for s in range(players)]
        if isinstance(max_asks, bool) or not isinstance(max_asks, int) or max_asks < 1:
            raise GoFishError("max_asks must be a whole number of at least 1, "
                              f"not {short_repr(max_asks)}")
        self.max_asks = max_asks
        self.per_opponent = actions_per_opponent(self.rules)
        self.action_count = (players - 1) * self.per_opponent
        self.observation_size = observation_size(players)
        self._game: Game | None = None
        self._bots: dict[int, Bot] = {}
        self._rngs: dict[int, random.Random] = {}
        self._tracker = Tracker(players, seat, self.rules.book_size)
        self._asks = 0
        self._truncated = False
        self._news_from = 0  # the first event of the last step (or reset): the picture's news
        self._deals_passed_over = 0  # by the last reset, told in its picture
        self._deal_seeds = DealSeeds("gofish.env later games")

    # ------------------------------------------------------------------ the loop

    def reset(self, seed: WholeNumber | None = None,
              options: Mapping[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        """Deal a new game (reproducible with ``seed``) and play the bots up to the agent.

        ``options`` is there for Gymnasium's signature; this environment takes none.
        """
        if options:
            raise GoFishError(f"GoFishEnv.reset takes no options, not {short_repr(options)}")
        legal, passed_over = self._deal_until_the_agent_asks(seed)
        self._deals_passed_over = passed_over
        show_to_human(self.render_mode, self._picture)
        return self._observe(), {**self._info(legal), "deals_passed_over": passed_over}

    def _deal_until_the_agent_asks(self, seed: WholeNumber | None) -> tuple[list[int], int]:
        """Deal ``seed``'s game, or the next of its sequence while the bots end a deal (or
        ask in circles) before the agent asks; its legal actions and the deals passed over.
        After ``DEALS_PER_RESET`` such deals, GoFishError, as the PettingZoo table raises,
        with no game left to step: the last deal, given as it was, was a finished game
        that a vector env's autoreset stepped."""
        for passed_over, deal_seed in enumerate(self._deal_seeds.tries(seed)):
            self._deal(deal_seed)
            legal = self.legal_actions()  # once a deal: the reset's info is given it
            if legal:
                return legal, passed_over
        self._game = None
        raise GoFishError(
            f"{plural(DEALS_PER_RESET, 'deal')} in a row had no ask of the agent's in "
            f"{'it' if DEALS_PER_RESET == 1 else 'them'} (the bots ended the game, or asked "
            "in circles, before its first ask): no game to give; reset again for the next "
            "deals, or give the agent a game with more to play (other rules or bots)")

    def step(self, action: WholeNumber | Ask
             ) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        """The agent asks (an action number or an ``Ask``); the bots answer in turn."""
        game = self._live_game()
        if game.is_over:
            raise GoFishError("the game is over: call reset() for a new one")
        if self._truncated:  # max_asks would otherwise bound nothing for a loop going on
            raise GoFishError(f"the episode was cut short after {self._cut_short_by()} "
                              "(truncated): call reset() for a new one")
        if game.current_player != self.seat:  # only after the bots could not move on
            raise GoFishError("it is not the agent's turn: call reset() for a new game")
        ask = self._ask_for(action)
        self._start_news(game)
        game.play(ask)
        self._asks += 1
        self._play_bots()
        terminated = game.is_over
        truncated = self._truncated = not terminated and (
            self._truncated or self._asks >= self.max_asks)
        reward = self._reward() if terminated else 0.0
        show_to_human(self.render_mode, self._picture)
        return self._observe(), reward, terminated, truncated, self._info()

    def render(self) -> str | None:
        """The game as the agent's seat sees it: with ``render_mode="ansi"`` the text;
        with ``"human"`` None, the text printed (as every ``reset`` and ``step`` prints
        it); with None, None and a warning. The text tells what happened in the last
        ``step`` (or the ``reset``: the deal, and the bots' asks before the agent's first),
        then the agent's hand, every seat's cards and books, the pond, and whose turn it
        is or the result (or, for an episode cut short, that it was). It comes from the
        seat's ``View`` only (``gofish.rendering``).
        Before the first ``reset``, GoFishError: there is no game to draw."""
        return rendered(type(self).__name__, self.render_mode, self._picture)

    def close(self) -> None:
        """Nothing to release (the picture is text); there for Gymnasium's callers."""

    # ------------------------------------------------------------------ actions

    def action_of(self, ask: Ask) -> int:
        """The number of ``ask`` (made from the agent's seat). GoFishError for an ask no
        number stands for: a seat not at the table, a suit where the rules ask for ranks,
        none where they ask for cards (each was numbered as another ask)."""
        return action_number(ask, self.seat, self.players, self.per_opponent)

    def ask_of(self, action: WholeNumber) -> Ask:
        """The ``Ask`` that action number ``action`` stands for."""
        return numbered_ask(action, self.seat, self.players, self.per_opponent)

    def legal_actions(self) -> list[int]:
        """The action numbers the agent may play now (empty when it is not its turn, or
        when the episode was cut short and step refuses to go on)."""
        if self._truncated:
            return []
        return legal_numbers(self._live_game(), self.seat, self.per_opponent)

    def action_mask(self) -> np.ndarray:
        """A 0/1 vector over every action number: 1 where the action is legal now."""
        mask = np.zeros(self.action_count, dtype=np.int8)
        mask[self.legal_actions()] = 1
        return mask

    def view(self) -> View:
        """The agent's seat's view (for bots or rule-based features of your own)."""
        return self._live_game().view(self.seat)

    # ------------------------------------------------------------------ Gymnasium's spaces

    @cached_property
    def observation_space(self) -> Any:
        """Gymnasium's ``Box(0, 1, (observation_size,), float32)``, with Gymnasium installed.
        Made once: a space keeps the generator its ``seed()`` sets."""
        return _gymnasium_spaces("observation_space").Box(
            0.0, 1.0, shape=(self.observation_size,), dtype=np.float32)

    @cached_property
    def action_space(self) -> Any:
        """Gymnasium's ``Discrete(action_count)``, with Gymnasium installed; its
        ``sample(mask=env.action_mask())`` picks a legal action."""
        return _gymnasium_spaces("action_space").Discrete(self.action_count)

    # ------------------------------------------------------------------ inside

    def _live_game(self) -> Game:
        if self._game is None:
            raise GoFishError("no game yet: call reset() first")
        return self._game

    def _ask_for(self, action: WholeNumber | Ask) -> Ask:
        ask = action if isinstance(action, Ask) else self.ask_of(action)
        return legal_now(ask, self._live_game(), self.seat, self.per_opponent)

    def _deal(self, seed: int | None) -> None:
        """A new game from ``seed``, with fresh bots, played up to the agent's turn."""
        self._game = new_game(self.rules, self.players, seed=seed)
        self._bots, self._rngs = {}, {}
        others = [s for s in range(self.players) if s != self.seat]
        for other, name in zip(others, self.opponent_names, strict=True):
            self._bots[other] = make_bot(name)
            self._rngs[other] = _bot_rng(seed, other)
        self._tracker = Tracker(self.players, self.seat, self.rules.book_size)
        self._asks = 0
        self._truncated = False
        self._news_from = 0
        self._play_bots()

    def _play_bots(self) -> None:
        game = self._live_game()
        for _ in range(BOT_ASKS_IN_A_ROW):
            seat = game.current_player
            if game.is_over or seat == self.seat or seat is None:
                return
            game.play(bot_turn(game, self._bots[seat], self._rngs[seat]))
        # Bots of one's own (a frozen policy) can ask in circles with a dry pond while the
        # agent cannot ask: that cuts the episode short, as max_asks does for the agent.
        self._truncated = not game.is_over and game.current_player != self.seat

    def _cut_short_by(self) -> str:
        """What cut the episode short: the agent's asks, or the bots' in a row."""
        return (plural(self.max_asks, "ask") if self._asks >= self.max_asks
                else f"the bots' {BOT_ASKS_IN_A_ROW} asks in a row")

    def _start_news(self, game: Game) -> None:
        """A step begins: the picture's news starts from here, the reset's is done."""
        self._news_from = news_start(self.render_mode, game)
        self._deals_passed_over = 0

    def _picture(self) -> str:
        return seat_picture(self.view(), self._names, self._labels, self._news_from,
                            self._notes(), self._passed_over_news())

    def _passed_over_news(self) -> list[str]:
        """The reset's first news: the deals it passed over, if any (else none)."""
        count = self._deals_passed_over
        if not count:
            return []
        return [f"{plural(count, 'deal')} passed over before this one: "
                f"{'it' if count == 1 else 'they'} had no ask of yours in "
                f"{'it' if count == 1 else 'them'}."]

    def _notes(self) -> list[str]:
        """The episode's own lines in the picture, beyond the game's."""
        if not self._truncated:
            return []
        return [f"The episode was cut short after {self._cut_short_by()} (truncated)."]

    def _observe(self) -> np.ndarray:
        return encode(self._live_game().view(self.seat), self._tracker)

    def _reward(self) -> float:
        winners = self._live_game().winners or ()
        return 1.0 / len(winners) if self.seat in winners else 0.0

    def _info(self, legal: list[int] | None = None) -> dict[str, Any]:
        """The step's (or reset's) info; ``legal`` if the caller has worked them out."""
        game = self._live_game()
        return {"legal": self.legal_actions() if legal is None else legal,
                "winners": game.winners,
                "books": [len(books) for books in game.books]}
