"""Every seat an agent: Go Fish as a PettingZoo ``AECEnv``, for self-play and for training
several agents at one table.

``gofish.env.GoFishEnv`` is one agent against built-in bots. Here each seat,
``player_0`` … ``player_{n-1}``, is an agent of yours. This module needs PettingZoo
(``pip install pettingzoo``, or ``gofish[rl]``)::

    from gofish.pettingzoo_env import env

    table = env(rules="bicycle", players=4)
    table.reset(seed=1)
    for agent in table.agent_iter():
        observation, reward, terminated, truncated, info = table.last()
        if terminated or truncated:
            action = None
        else:
            action = table.action_space(agent).sample(observation["action_mask"])
        table.step(action)

The numbers are ``GoFishEnv``'s, from each agent's own seat: the observation (a dict, as
in PettingZoo's card games) holds ``"observation"``, that seat's vector (see
``gofish.env``; it comes from the seat's ``View``, so no agent sees another's hand or the
pond's order), and ``"action_mask"``, 1 for each action that seat may play now (all 0
for an agent whose turn it is not, or whose episode is over). Action ``a`` asks the
opponent ``a // per_opponent + 1`` seats to the asker's left, as in ``GoFishEnv``.

A hit keeps the turn (R7), so ``agent_selection`` often stays on one agent for several
steps. When the game ends every agent is ``terminated`` and gets its share of the win (1,
or 1/k when k share it; else 0), as ``GoFishEnv``'s reward. Agents can ask in circles
with a dry pond; after ``max_asks`` asks in all (5,000, the simulator's limit) every agent
is ``truncated``.

``env()`` wraps the table as PettingZoo's own card games are: an illegal action ends the
game for every agent with -1 for the one who played it (``TerminateIllegalWrapper``), and
steps out of order are refused. What is no action at all (a number outside the action
space, None from the agent to ask) is still a ``GoFishError``, as in ``GoFishGymEnv``.
``raw_env`` is the table alone: an illegal action raises ``GoFishError`` and changes
nothing, and so does a ``step``, ``last()`` or ``agent_iter()`` before the first
``reset``, or a ``step`` or ``last()`` once every agent has left the game (call
``reset``); through ``env()``'s wrappers, ``last()`` raises that GoFishError too
(PettingZoo's own wrapper refuses the rest before a ``reset``).
``str(env())`` is the game's name, ``gofish_v0``, as PettingZoo's wrappers give theirs.

``state()`` (PettingZoo's global state, with its ``state_space``) is for centralized
training, a MAPPO or QMIX critic: a float32 vector of the whole table (``table_state``),
every hand included. That is hidden information, which no agent's policy may be given:
the observations stay each seat's own. The pond's order is not in it.

It is not ``is_parallelizable``: after a hit the same agent acts again, so PettingZoo's
``aec_to_parallel`` refuses it (leave the flag alone, whatever its message says). For the
parallel API, ``pettingzoo.utils.conversions.turn_based_aec_to_parallel(env())`` takes
every agent's action at each step and plays the one of the agent to ask.

``reset`` takes no ``options``: any given are left out with a ``UserWarning`` naming them,
not refused as ``GoFishEnv``'s are, since PettingZoo's ``api_test`` passes some.
``reset(seed=s)`` deals the same game every time for ``s`` (a whole number from 0), and
the unseeded resets after it deal a sequence of games fixed by ``s``. A deal can end the
game before anyone asks (under first-empty with pairs, a hand dealt only pairs is empty
once it lays them, R19): it has no decision in it, and PettingZoo has every agent's
episode go on after ``reset``, so ``reset`` passes it over for the next game of the same
sequence, as ``GoFishEnv`` does, and every agent's info counts them
(``"deals_passed_over"``, there until the game ends).

``env(render_mode="human")`` prints the game at every ``reset`` and action;
``render_mode="ansi"`` makes ``render()`` give it as text (``gofish.rendering``). The
picture is that of the seat of ``agent_selection``, the agent to act (once the game is
over, the agent PettingZoo's loop has come to), from that seat's ``View`` alone: what the
last action led to, told from that seat, then its hand, every agent's cards and books,
the pond, and whose turn it is or the result (or what ended every agent's episode first:
``max_asks``, or an illegal action under ``env()``'s ``TerminateIllegalWrapper`` or one
of one's own around ``raw_env``; one's own keeps the action to itself, so the picture
cannot name its number, and under ``env()`` only the culprit's own picture names it:
which ask was not legal would tell the others of its hand). After ``player_0``'s first
ask of ``reset(seed=1)``, a miss, it is ``player_1``'s picture::

    What happened:
      player_0 asks you for aces.
      You say: "Go fish!"
      player_0 draws a card from the pond.
    Your hand: 2♥, 3♣ 3♥, 4♣, 6♦, 10♦, K♣.
    player_0: 8 cards; books: none.
    You (player_1): 7 cards; books: none.
    The pond: 37 cards.
    Your turn.
"""

from __future__ import annotations

import warnings
from collections.abc import Mapping
from typing import Any, cast

import numpy as np

from gofish.core import (
    FULL_DECK,
    RANKS,
    Ask,
    Game,
    GoFishError,
    MalformedInputError,
    make_rules,
    new_game,
)
from gofish.core.errors import short_repr
from gofish.core.rules import check_players
from gofish.env import (
    DEALS_PER_RESET,
    DealSeeds,
    WholeNumber,
    actions_per_opponent,
    encode,
    legal_now,
    legal_numbers,
    numbered_ask,
    observation_size,
)
from gofish.knowledge import CARDS_PER_RANK, Tracker
from gofish.narrate import plural
from gofish.rendering import (
    RenderMode,
    check_render_mode,
    illegal_action_line,
    news_start,
    render_metadata,
    rendered,
    seat_picture,
    show_to_human,
)
from gofish.sim import as_whole_number

try:
    import gymnasium
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
    from pettingzoo.utils.env import AECIterable
except ImportError:  # said at import, not as a bare ModuleNotFoundError
    raise ImportError("gofish.pettingzoo_env needs PettingZoo: pip install pettingzoo (or "
                      "gofish[rl])") from None

ILLEGAL_ACTION_REWARD = -1.0
MAX_ASKS = 5_000  # the simulator's limit for a whole game, far past any real one


def env(**kwargs: Any) -> AECEnv:
    """The table (``raw_env``'s arguments) as PettingZoo's card games come: an illegal
    action loses, with ``ILLEGAL_ACTION_REWARD``, and steps out of order are refused."""
    table = wrappers.TerminateIllegalWrapper(raw_env(**kwargs),
                                             illegal_reward=ILLEGAL_ACTION_REWARD)
    return _OrderEnforcing(_RefuseNonActions(table))


class _OrderEnforcing(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]  # untyped there
    """PettingZoo's, but ``last()`` before the first reset, or once every agent has left the
    game, says to reset, as ``raw_env.last`` does: the wrapper reads last() itself, and
    said "agent_selection cannot be accessed before reset" (an AttributeError naming what
    the caller never asked for), then a bare KeyError 'player_0' from the dicts the last
    agent had left."""

    def last(self, observe: bool = True
             ) -> tuple[dict[str, np.ndarray] | None, float, bool, bool, dict[str, Any]]:
        table = self.unwrapped
        table._live_game()
        table._check_an_agent_is_left()
        return cast(tuple[dict[str, np.ndarray] | None, float, bool, bool, dict[str, Any]],
                    super().last(observe))

    # Before the first reset these said "reset() needs to be called before render." as an
    # AssertionError; raw_env, and the README, say it with the package's own GoFishError.
    def render(self) -> str | None:
        self.unwrapped._live_game()
        return cast(str | None, super().render())

    def step(self, action: WholeNumber | None) -> None:
        self.unwrapped._live_game()
        super().step(action)

    def observe(self, agent: str) -> dict[str, np.ndarray] | None:
        self.unwrapped._live_game()
        return cast(dict[str, np.ndarray] | None, super().observe(agent))

    def state(self) -> np.ndarray:
        self.unwrapped._live_game()
        return cast(np.ndarray, super().state())

    def agent_iter(self, max_iter: int = 2**63) -> Any:
        self.unwrapped._live_game()
        return super().agent_iter(max_iter)

    def __str__(self) -> str:
        return str(self.env)  # the game's name, as PettingZoo's own wrapper gives


class _RefuseNonActions(wrappers.BaseWrapper):  # type: ignore[misc]  # untyped there
    """Refuses what is no action at all with ``raw_env``'s GoFishError, before
    ``TerminateIllegalWrapper`` indexes the action mask with it: -1 read the last action's
    entry and could lose the game as an illegal ask; a number past the last action, 2.5,
    "3", True or None raised numpy's IndexError or ValueError from inside PettingZoo."""

    def step(self, action: WholeNumber | None) -> None:
        agent = self.agent_selection
        table = self.unwrapped
        if not (self.terminations[agent] or self.truncations[agent]):
            table.ask_of(agent, action)
        table._action_offered = action  # for the picture, should it lose the game
        try:
            super().step(action)
        finally:
            table._action_offered = None

    def __str__(self) -> str:
        return str(self.env)  # the game's name, as TerminateIllegalWrapper gives


def _observation_space(players: int, action_count: int) -> gymnasium.spaces.Dict:
    """An agent's observation: its seat's vector (``gofish.env``) and its action mask."""
    return gymnasium.spaces.Dict({
        "observation": gymnasium.spaces.Box(0.0, 1.0, shape=(observation_size(players),),
                                            dtype=np.float32),
        "action_mask": gymnasium.spaces.Box(0, 1, shape=(action_count,), dtype=np.int8),
    })


def state_size(players: int) -> int:
    """Length of ``raw_env.state()`` at a table of ``players`` (its layout: ``table_state``)."""
    # Each seat's cards, its books and being in play; cards laid per rank; pond; to ask.
    return players * (len(FULL_DECK) + 2) + len(RANKS) + 1 + players


def table_state(game: Game) -> np.ndarray:
    """The whole table as a float32 vector, each value in 0..1, in this order: for each
    seat from seat 0, 1 for each card of ``FULL_DECK`` it holds; for each seat, its books /
    the books a game has and 1 if still in play; the cards of each rank laid in books / 4;
    the pond / 52; 1 for the seat to ask (none once the game is over).

    Every hand is in it: hidden information, for a critic trained with every hand in
    sight, never for a policy that plays. The pond's order is not: no seat knows it, and
    which card comes up next is chance, not a fact of the position."""
    players = game.num_players
    held = np.zeros((players, len(FULL_DECK)), dtype=np.float32)
    for seat in range(players):
        held[seat, [card.index for card in game.hand(seat)]] = 1.0
    books_in_game = game.rules.total_books
    seats = [value for books, seated in zip(game.books, game.in_play, strict=True)
             for value in (len(books) / books_in_game, float(seated))]
    laid = [0] * (len(RANKS) + 1)
    for cards in game.laid:
        for card in cards:
            laid[card.rank] += 1
    to_ask = [0.0] * players
    if not game.is_over and game.current_player is not None:
        to_ask[game.current_player] = 1.0
    public = [*seats, *(laid[rank] / CARDS_PER_RANK for rank in RANKS),
              game.pond_size / len(FULL_DECK), *to_ask]
    return np.concatenate([held.ravel(), np.asarray(public, dtype=np.float32)])


class raw_env(AECEnv):  # type: ignore[misc]  # PettingZoo's name for it; untyped there
    """A table of ``players`` agents under ``rules`` (a preset, rules object or ``Rules``);
    see the module's docstring. ``render_mode`` is ``"ansi"``, ``"human"`` or None (see
    ``render``)."""

    metadata = {"name": "gofish_v0", **render_metadata(),  # noqa: RUF012  # PettingZoo's shape
                "is_parallelizable": False}

    def __init__(self, rules: object = "classic", players: WholeNumber = 2,
                 max_asks: WholeNumber = MAX_ASKS, render_mode: RenderMode | None = None
                 ) -> None:
        super().__init__()
        self.render_mode = check_render_mode("gofish_v0", render_mode)
        self.players = check_players(as_whole_number(players))  # 2 to 5, clearly refused
        self.rules = make_rules(rules).for_players(self.players)
        limit = as_whole_number(max_asks)
        if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
            raise MalformedInputError("max_asks must be a whole number of at least 1, "
                                      f"not {short_repr(max_asks)}")
        self.max_asks = limit
        self.per_opponent = actions_per_opponent(self.rules)
        self.possible_agents = [f"player_{seat}" for seat in range(self.players)]
        # Listed from the start, as PettingZoo's own games do: num_agents and agents were
        # AttributeErrors before the first reset.
        self.agents = self.possible_agents[:]
        count = (self.players - 1) * self.per_opponent
        # Spaces of each agent's own, as in PettingZoo's games: a space keeps the generator
        # its seed() sets, and a shared one tied every agent's samples to the others'.
        self._action_spaces = [gymnasium.spaces.Discrete(count) for _ in self.possible_agents]
        self._observation_spaces = [_observation_space(self.players, count)
                                    for _ in self.possible_agents]
        #: The space of ``state()``: the whole table, hidden hands too (see table_state).
        self.state_space = gymnasium.spaces.Box(0.0, 1.0, shape=(state_size(self.players),),
                                                dtype=np.float32)
        self._deal_seeds = DealSeeds("gofish.pettingzoo_env later games")
        self._game: Game | None = None
        self._trackers: list[Tracker] = []
        self._asks = 0
        self._news_from = 0  # the first event of the last step (or reset): the picture's news
        # (agent, action if known, its reward) when an illegal action ended the game
        self._illegal: tuple[str, int | None, float] | None = None
        self._action_offered: WholeNumber | None = None  # env()'s wrappers' step's action
        self._deals_passed_over = 0  # by the last reset, told in its picture

    # ------------------------------------------------------------------ PettingZoo's API

    def observation_space(self, agent: str) -> gymnasium.spaces.Dict:
        return self._observation_spaces[self._seat_of(agent)]

    def action_space(self, agent: str) -> gymnasium.spaces.Discrete:
        return self._action_spaces[self._seat_of(agent)]

    def reset(self, seed: WholeNumber | None = None,
              options: Mapping[str, Any] | None = None) -> None:
        if options:  # not refused, as GoFishEnv's are: PettingZoo's api_test passes some
            warnings.warn(f"{self.metadata['name']}'s reset takes no options: "
                          f"{short_repr(options)} ignored", UserWarning, stacklevel=2)
        self._game, passed_over = self._first_deal_to_play(seed)
        self._trackers = [Tracker(self.players, seat, self.rules.book_size)
                          for seat in range(self.players)]
        self._asks = 0
        self._news_from = 0
        self._illegal = None
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self._deals_passed_over = passed_over
        self.infos: dict[str, dict[str, Any]] = {
            agent: {"deals_passed_over": passed_over} for agent in self.agents}
        self.agent_selection = self._agent_to_move()
        show_to_human(self.render_mode, self._picture)

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat_of(agent)
        game = self._live_game()
        mask = np.zeros(self._action_spaces[seat].n, dtype=np.int8)
        over = self.terminations.get(agent) or self.truncations.get(agent)  # steps only None
        if agent == self.agent_selection and not over:
            mask[legal_numbers(game, seat, self.per_opponent)] = 1
        return {"observation": encode(game.view(seat), self._trackers[seat]),
                "action_mask": mask}

    def step(self, action: WholeNumber | None) -> None:
        game = self._live_game()  # before reset there is no agent_selection to read
        self._check_an_agent_is_left()
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)  # PettingZoo's: takes only None, drops the agent
            return
        ask = legal_now(self.ask_of(agent, action), game, self._seat_of(agent),
                        self.per_opponent)
        self._cumulative_rewards[agent] = 0.0  # reported by last() before this step
        self._clear_rewards()
        self._news_from = news_start(self.render_mode, game)
        game.play(ask)
        self._asks += 1
        self._end_if_over(game)
        self._accumulate_rewards()
        self.agent_selection = agent if self._ended() else self._agent_to_move()
        show_to_human(self.render_mode, self._picture)

    def agent_iter(self, max_iter: int = 2**63) -> AECIterable:
        """PettingZoo's; GoFishError before the first ``reset``, as ``step`` gives (its
        iterator read ``agent_selection``, an AttributeError with no word of reset)."""
        self._live_game()
        return super().agent_iter(max_iter)

    def last(self, observe: bool = True
             ) -> tuple[dict[str, np.ndarray] | None, float, bool, bool, dict[str, Any]]:
        """PettingZoo's: what ``agent_selection`` is to know before its step; GoFishError
        before the first ``reset`` and once every agent has left the game."""
        self._live_game()
        self._check_an_agent_is_left()
        return cast(tuple[dict[str, np.ndarray] | None, float, bool, bool, dict[str, Any]],
                    super().last(observe))

    def state(self) -> np.ndarray:
        """PettingZoo's global state, for centralized training (a MAPPO or QMIX critic): the
        whole table, every hand included, as ``table_state`` lays it out. It holds hidden
        information, so no agent's policy may be given it; the pond's order is not in it.
        GoFishError before the first ``reset``."""
        return table_state(self._live_game())

    def render(self) -> str | None:
        """The game as the seat of ``agent_selection`` sees it (the agent to act; once the
        game is over, the one PettingZoo's loop is at): with ``render_mode="ansi"`` the
        text, with ``"human"`` None and the text printed (as every ``reset`` and step of
        an action prints it), with None, None and a warning. It tells what the last action
        led to, then that seat's hand, every agent's cards and books, the pond, and whose
        turn it is or the result (or what ended every agent's episode first); from that
        seat's ``View`` only (``gofish.rendering``).
        Before the first ``reset``, GoFishError: there is no game to draw."""
        return rendered("gofish_v0", self.render_mode, self._picture)

    def close(self) -> None:
        """Nothing to release (the picture is text); PettingZoo's api_test asks for it."""

    def ask_of(self, agent: str, action: WholeNumber | None) -> Ask:
        """The ``Ask`` that ``action`` stands for when ``agent`` is to ask; GoFishError for
        what is no action at all (None is one only for an agent whose episode is over)."""
        if action is None:
            raise GoFishError(f"{agent} is to ask: None is an action only for an agent "
                              "whose episode is over")
        return numbered_ask(action, self._seat_of(agent), self.players, self.per_opponent)

    def _deads_step_first(self) -> str:
        """PettingZoo's, which this table never calls itself: ``TerminateIllegalWrapper``
        (``env()``'s, or one wrapped around ``raw_env`` by hand) calls it on the table once
        it has ended every agent's episode for an illegal action, without a step of the
        table's, while the culprit is still ``agent_selection``. That is the one trace the
        wrapper leaves, so the picture learns of the illegal action here."""
        culprit = self.agent_selection
        lost = self._illegal is None and self._ended_by_the_wrapper()
        selected: str = super()._deads_step_first()
        if lost:
            self._lost_by_illegal(culprit)
        return selected

    def _ended_by_the_wrapper(self) -> bool:
        """Whether every agent is done while the game goes on and no ``max_asks`` cut it
        short: what ``TerminateIllegalWrapper`` leaves after an illegal action."""
        game = self._live_game()
        return (not game.is_over and self._asks < self.max_asks
                and all(self.terminations.values()))

    def _lost_by_illegal(self, agent: str) -> None:
        """``agent``'s illegal action ended the game: the picture says so from then on
        (human mode prints it now), as a step's would. The action's number is known when
        ``env()``'s wrappers stepped it (a wrapper of one's own does not pass it on); the
        reward is the one the wrapper gave."""
        offered = self._action_offered  # ask_of checked it before the wrapper stepped
        action = None if offered is None else cast(int, as_whole_number(offered))
        self._illegal = (agent, action, float(self.rewards[agent]))
        self._news_from = news_start(self.render_mode, self._live_game())  # nothing moved
        show_to_human(self.render_mode, self._picture)

    # ------------------------------------------------------------------ inside

    def _first_deal_to_play(self, seed: WholeNumber | None) -> tuple[Game, int]:
        """The game ``seed`` deals, or the next of its sequence while a deal ends the game
        before anyone asks; and how many deals were passed over."""
        for passed_over, deal_seed in enumerate(self._deal_seeds.tries(seed)):
            game = new_game(self.rules, self.players, seed=deal_seed)
            if not game.is_over:
                return game, passed_over
        # No rules end nearly every deal at once (at most about one in four, five seats
        # dealt two cards each under pairs), so this says the engine went wrong.
        raise GoFishError(f"{DEALS_PER_RESET} deals in a row ended the game before anyone "
                          "asked")

    def _picture(self) -> str:
        game = self._live_game()
        seat = self._seat_of(self.agent_selection)
        labels = [f"You ({agent})" if other == seat else agent
                  for other, agent in enumerate(self.possible_agents)]
        return seat_picture(game.view(seat), self.possible_agents, labels, self._news_from,
                            self._notes(game, seat), self._passed_over_news())

    def _passed_over_news(self) -> list[str]:
        """The reset's first news, until the first step: the deals it passed over, if any."""
        count = self._deals_passed_over
        if not count or self._news_from:
            return []
        return [f"{plural(count, 'deal')} passed over before this one: the game ended "
                "at the deal."]

    def _notes(self, game: Game, seat: int) -> list[str]:
        """Why every agent's episode is over while the game goes on, told to ``seat``."""
        if self._illegal is not None:
            agent, action, reward = self._illegal
            if agent == self.possible_agents[seat]:
                return [illegal_action_line("You", action,
                                            f"the game is over (reward {reward:g} for you)")]
            # Not the number for another seat: which ask was not legal tells of the
            # culprit's hand (a rank it holds none of, or under ask: card a card it holds).
            return [illegal_action_line(agent, None,
                                        f"the game is over (reward {reward:g} for {agent})")]
        if not game.is_over and self._asks >= self.max_asks:  # as _end_if_over
            return [f"Every agent was cut short after {plural(self.max_asks, 'ask')} "
                    "(truncated)."]
        return []

    def _end_if_over(self, game: Game) -> None:
        if game.is_over:
            winners = game.winners or ()
            for seat, agent in enumerate(self.possible_agents):
                self.rewards[agent] = 1.0 / len(winners) if seat in winners else 0.0
                self.infos[agent] = {"winners": winners}
            self.terminations = dict.fromkeys(self.agents, True)
        elif self._asks >= self.max_asks:  # asking in circles with a dry pond
            self.truncations = dict.fromkeys(self.agents, True)

    def _ended(self) -> bool:
        return all(self.terminations.values()) or all(self.truncations.values())

    def _agent_to_move(self) -> str:
        seat = self._live_game().current_player
        if seat is None:  # a game still on always has a player to ask (R7, R9)
            raise GoFishError("the game has nobody to ask and is not over")
        return self.possible_agents[seat]

    def _seat_of(self, agent: str) -> int:
        try:
            return self.possible_agents.index(agent)
        except ValueError:
            raise GoFishError(f"no agent {short_repr(agent)} at this table: the agents are "
                              f"{', '.join(self.possible_agents)}") from None

    def _live_game(self) -> Game:
        if self._game is None:
            raise GoFishError("no game yet: call reset() first")
        return self._game

    def _check_an_agent_is_left(self) -> None:
        """GoFishError once the last agent's step of None has taken it out of ``agents``:
        ``agent_selection`` still names it, but it was a bare KeyError from the dicts it
        had left."""
        if not self.agents:
            raise GoFishError("the game is over and every agent's episode with it: call "
                              "reset() for a new one")
