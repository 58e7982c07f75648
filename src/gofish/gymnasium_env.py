"""``GoFishEnv`` as a real ``gymnasium.Env``: for Gymnasium's ``make``, wrappers and checker.

``GoFishEnv`` (``gofish.env``) plays in Gymnasium's shape without needing Gymnasium, but
it is not a ``gymnasium.Env``, so ``gymnasium.wrappers`` and ``check_env`` refuse it.
This module needs Gymnasium (``pip install gymnasium``, or ``gofish[rl]``). Importing it
registers ``GoFish-v0``, so this works with no import of one's own::

    env = gymnasium.make("gofish.gymnasium_env:GoFish-v0", rules="nordic", players=3)

It takes ``GoFishEnv``'s arguments, plays the same games (one seed deals the same game in
both) and adds two things an RL library looks for:

- An illegal action. ``GoFishEnv`` raises ``GoFishError`` for one. An algorithm without
  action masks, and Gymnasium's own checker, step with ``action_space.sample()``, which is
  mostly illegal, so here the agent loses the episode instead, as an illegal move does in
  PettingZoo's card games: reward ``ILLEGAL_ACTION_REWARD`` (-1), ``terminated``, and
  ``info["illegal_action"]`` names it. ``illegal_action="raise"`` keeps the error.
  An action that is no action at all (a number outside the action space, a seat not at
  the table) is still an error, as are steps after the episode ended.
- ``action_masks()``: the legal actions as a boolean vector, the name sb3-contrib's
  ``MaskablePPO`` calls. Gymnasium's wrappers pass no attribute on: through ``make``'s,
  call ``env.unwrapped.action_masks()`` or ``env.get_wrapper_attr("action_masks")()``;
  in a vector env, ``envs.call("action_masks")``.

It renders as ``GoFishEnv`` does (``render_mode="ansi"`` or ``"human"``; see
``gofish.rendering``), and its metadata lists both, so ``check_env`` tries each::

    env = gymnasium.make("gofish.gymnasium_env:GoFish-v0", render_mode="ansi")
    observation, info = env.reset(seed=1)
    print(env.render())  # "Your hand: A♦, 5♣, 8♥, …", every seat, the pond, whose turn

After an illegal action that lost the episode, the picture says so. So it does on the
step where ``make``'s ``max_episode_steps`` (Gymnasium's ``TimeLimit``) truncates the
episode while the game goes on: ``make`` hides the limit from the environment (its
``spec`` says None), so GoFish-v0 is registered with a hook, run after ``TimeLimit`` is in
place, that sets ``step_limit``, and the environment counts its steps since ``reset`` as
``TimeLimit`` does. A ``TimeLimit`` put on by hand is not seen: set ``step_limit`` too.
The game itself goes on behind that truncation, so ``info["legal"]`` and
``action_masks()`` still give its legal asks (a value can be bootstrapped from the
position); only the environment's own ends (the game over, ``max_asks``, an illegal
action) list none.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

import numpy as np

from gofish.core import Ask, GoFishError, MalformedInputError
from gofish.core.errors import short_repr, whole_number
from gofish.env import GoFishEnv, WholeNumber, checked_seed
from gofish.narrate import plural
from gofish.rendering import (
    RenderMode,
    check_render_mode,
    illegal_action_line,
    render_metadata,
    show_to_human,
)

try:
    import gymnasium
except ImportError:  # said at import, not as a bare ModuleNotFoundError deep in make()
    raise ImportError("gofish.gymnasium_env needs Gymnasium: pip install gymnasium (or "
                      "gofish[rl]); gofish.env.GoFishEnv plays without it") from None

ENV_ID = "GoFish-v0"
ILLEGAL_ACTION_REWARD = -1.0
IllegalAction = Literal["lose", "raise"]


# GoFishEnv makes each space once, on first read (a space keeps the generator its seed()
# sets); Env declares them as plain attributes.
class GoFishGymEnv(GoFishEnv, gymnasium.Env):  # type: ignore[override]
    """``GoFishEnv`` as a ``gymnasium.Env`` (see the module's docstring).

    ``illegal_action`` is ``"lose"`` (the default: reward -1, the episode ends) or
    ``"raise"`` (``GoFishError``, as ``GoFishEnv`` does). ``render_mode`` is
    ``"ansi"``, ``"human"`` or None, as for ``GoFishEnv`` (see ``GoFishEnv.render``).
    """

    metadata: dict[str, Any] = render_metadata()  # Gymnasium's name and shape

    def __init__(self, rules: object = "classic", players: WholeNumber = 2,
                 opponents: Any = ("emma",), seat: WholeNumber = 0,
                 max_asks: WholeNumber = 1000, illegal_action: IllegalAction = "lose",
                 render_mode: RenderMode | None = None) -> None:
        check_render_mode(ENV_ID, render_mode)  # named as make() knows it
        if illegal_action not in ("lose", "raise"):
            raise MalformedInputError('illegal_action must be "lose" or "raise", not '
                                      f"{short_repr(illegal_action)}")
        super().__init__(rules, players, opponents, seat, max_asks, render_mode)
        self.illegal_action = illegal_action
        self._lost_by: int | None = None  # the illegal action that ended the episode
        self._step_limit: int | None = None  # see step_limit
        self._steps_since_reset = 0  # counted as TimeLimit counts: the steps that returned

    @property
    def step_limit(self) -> int | None:
        """The steps ``gymnasium.make``'s TimeLimit allows an episode (its
        ``max_episode_steps``), told by ``_tell_step_limit``; None without one. Set it for
        a TimeLimit put on by hand: a whole number from 1 (TimeLimit refuses less) or None;
        anything else is refused (``MalformedInputError``), changing nothing."""
        return self._step_limit

    @step_limit.setter
    def step_limit(self, limit: WholeNumber | None) -> None:
        # Checked now: the picture compares with it at every step, and in human mode a
        # TypeError there came out of a step already played.
        number = None if limit is None else whole_number(limit)
        if limit is not None and (number is None or number < 1):
            raise MalformedInputError("step_limit must be a whole number from 1 (TimeLimit's "
                                      f"max_episode_steps) or None, not {short_repr(limit)}")
        self._step_limit = number

    def reset(self, seed: WholeNumber | None = None,
              options: Mapping[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        """As ``GoFishEnv.reset``; a seed also seeds Gymnasium's ``np_random``."""
        lost_by, self._lost_by = self._lost_by, None  # the new game's info offers actions
        self._steps_since_reset = 0  # as TimeLimit's count, set to 0 before it calls reset
        try:
            observation, info = super().reset(seed=seed, options=options)
        except GoFishError:  # a bad seed or options (refused, changing nothing), or no deal
            self._lost_by = lost_by
            raise
        if seed is not None:  # checked above: a whole number from 0 (numpy's too)
            gymnasium.Env.reset(self, seed=checked_seed(seed))
        return observation, info

    def step(self, action: WholeNumber | Ask
             ) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        """As ``GoFishEnv.step``, but an illegal action loses the episode (unless
        ``illegal_action="raise"``)."""
        if self._lost_by is not None:
            raise GoFishError(f"the episode ended when the agent played the illegal action "
                              f"{self._lost_by}: call reset() for a new one")
        lost_by = self._illegal_number(action) if self.illegal_action == "lose" else None
        if lost_by is None:
            return self._counted_step(action)
        self._lost_by = lost_by
        self._steps_since_reset += 1
        self._start_news(self._live_game())  # it did not move
        show_to_human(self.render_mode, self._picture)
        info = {**self._info(), "illegal_action": lost_by}
        return self._observe(), ILLEGAL_ACTION_REWARD, True, False, info

    def _counted_step(self, action: WholeNumber | Ask
                      ) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        """``GoFishEnv.step``, counted before its picture is drawn (human mode prints it
        inside); a step refused with an error is not counted, as TimeLimit does not."""
        self._steps_since_reset += 1
        try:
            return super().step(action)
        except BaseException:
            self._steps_since_reset -= 1
            raise

    def legal_actions(self) -> list[int]:
        """As ``GoFishEnv.legal_actions``; none once an illegal action lost the episode."""
        return [] if self._lost_by is not None else super().legal_actions()

    def action_masks(self) -> np.ndarray:
        """The legal actions now as booleans: what sb3-contrib's ``MaskablePPO`` asks for."""
        return self.action_mask().astype(bool)

    def _notes(self) -> list[str]:
        if self._lost_by is None:
            return super()._notes() or self._step_limit_notes()
        return [illegal_action_line("You", self._lost_by,
                                f"the episode is lost (reward {ILLEGAL_ACTION_REWARD:g})")]

    def _step_limit_notes(self) -> list[str]:
        """The line saying TimeLimit cut the episode short, from the step that reaches its
        limit on (it says truncated at every step after it too), while the game goes on."""
        limit = self.step_limit
        if limit is None or self._steps_since_reset < limit or self._live_game().is_over:
            return []
        return [f"The episode was cut short at the step limit, after {plural(limit, 'step')} "
                "(max_episode_steps; truncated)."]

    def _illegal_number(self, action: WholeNumber | Ask) -> int | None:
        """The number of ``action`` if the agent could ask now but not this; None when it is
        legal, or when ``GoFishEnv.step`` must refuse it (not an action at all, the episode
        over or cut short), which it does with the reason."""
        game = self._live_game()
        if game.is_over or self._truncated or game.current_player != self.seat:
            return None
        try:
            ask = action if isinstance(action, Ask) else self.ask_of(action)
            number = self.action_of(ask)
        except GoFishError:
            return None
        return None if ask in game.legal_actions() else number


def _tell_step_limit(env: gymnasium.Env) -> gymnasium.Env:
    """Tell the game under ``env`` the step limit of ``make``'s TimeLimit, and give ``env``
    back as it was (no wrapper is added).

    ``make`` sets the game's own ``spec`` with ``max_episode_steps=None`` and wraps it in
    ``TimeLimit`` afterwards, so the game cannot see the limit, nor that a step reached it:
    its picture went on offering a turn. Registered as GoFish-v0's additional wrapper,
    this runs after TimeLimit is in place, whose ``spec`` holds the limit in force
    (``make``'s ``max_episode_steps``, else the registered one; None with -1)."""
    game = env.unwrapped
    if isinstance(game, GoFishGymEnv):
        own = game.spec
        if own is not None and STEP_LIMIT_TOLD not in own.additional_wrappers:
            own.additional_wrappers += (STEP_LIMIT_TOLD,)  # make(env.spec) remakes it all
        limit = None if env.spec is None else env.spec.max_episode_steps
        # TimeLimit takes any int, True too (as 1), which step_limit would refuse
        game.step_limit = None if limit is None else int(limit)
    return env


#: GoFish-v0's one additional wrapper: ``_tell_step_limit``, which adds no wrapper.
STEP_LIMIT_TOLD = gymnasium.envs.registration.WrapperSpec(
    "StepLimitTold", "gofish.gymnasium_env:_tell_step_limit", {})

if ENV_ID not in gymnasium.registry:  # a second import (a reload) would warn of overriding
    gymnasium.register(id=ENV_ID, entry_point="gofish.gymnasium_env:GoFishGymEnv",
                       additional_wrappers=(STEP_LIMIT_TOLD,))
