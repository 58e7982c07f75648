"""The learning environments' ``render``: the game as text, as one seat sees it.

``render_mode="ansi"`` makes ``render()`` give the picture as a string; ``"human"``
prints it to standard output at every ``reset`` and ``step`` (Gymnasium's convention:
human mode draws itself), and ``render()`` then prints it again and gives None. It writes
the suits as letters (9♦ as 9D) to a stream whose encoding has no ♠, and a stream that
cannot be written (its reader gone, closed) costs the picture and a RuntimeWarning, never
the step. With
``render_mode=None`` (the default) ``render()`` gives None with a warning, as
Gymnasium's own environments do. Before the first ``reset`` there is no game to draw:
``render()`` raises ``GoFishError`` ("call reset() first"), as ``step`` does.

The picture is built from the seat's ``View`` alone: what happened in the last step (or
the ``reset``) as ``gofish.narrate`` says it from that seat's chair, from the history
the view has already redacted; then the seat's hand, grouped by rank, and every seat's
hand size and books, the pond's size, and last whose turn it is, or the result once the
game is over (when every hand is turned up, as the tables show them then). The news's own
last sentence is left out when it is that line ("Your turn." after a step that passed the
turn back), so it is said once. So it shows nothing the seat could not see: no other
hand while the game goes on, no pond order.
"""

from __future__ import annotations

import sys
import warnings
from collections.abc import Callable, Sequence
from typing import Literal

from gofish.core import Game, MalformedInputError, View
from gofish.core.errors import short_repr
from gofish.narrate import Narrator, hand_words, pond_line, seat_line, shown

RenderMode = Literal["ansi", "human"]
RENDER_MODES: tuple[RenderMode, ...] = ("ansi", "human")
#: Gymnasium's checker asks every environment that renders for a frame rate. Nothing is
#: paced by it here: human mode prints each step's picture as the step is played.
RENDER_FPS = 4


def render_metadata() -> dict[str, object]:
    """The render entries of an environment's ``metadata``, in Gymnasium's shape (a fresh
    dict each time, so that no two classes share one to change)."""
    return {"render_modes": list(RENDER_MODES), "render_fps": RENDER_FPS}


def check_render_mode(env_name: str, render_mode: object) -> RenderMode | None:
    """``render_mode`` if it is one the environments draw (or None); MalformedInputError
    naming them for anything else."""
    if render_mode is None:
        return None
    for mode in RENDER_MODES:  # a str compared, not `in`: a numpy array's == is no bool
        if isinstance(render_mode, str) and render_mode == mode:
            return mode
    allowed = ", ".join(repr(mode) for mode in RENDER_MODES)
    raise MalformedInputError(f"{env_name} draws the game as text: render_mode can be "
                              f"{allowed} or None, not {short_repr(render_mode)}")


def seat_picture(view: View, names: Sequence[str], labels: Sequence[str], since: int,
                 notes: Sequence[str] = (), first_news: Sequence[str] = ()) -> str:
    """The game as ``view``'s seat sees it (see the module's docstring).

    ``names`` name the seats in the sentences ("Emma asks you for 7s"), ``labels`` on the
    table's lines ("Emma (player 1): 6 cards; books: none."); ``since`` is the first
    event of the view's history to tell, and ``notes`` are the environment's own lines
    on an episode that ended while the game goes on (cut short, lost by an illegal
    action), said last in place of whose turn it is: no turn is the agent's any more.
    ``first_news`` are its lines on what came before the history told (deals a reset
    passed over), said first under "What happened:"."""
    narrator = Narrator(names, view.viewer, view.rules)
    news = [*first_news, *(text for _, text in narrator.tell(view.history[since:], view))]
    status = list(notes) or _status(narrator, view)
    if news[-1:] == status:  # the step ended with the turn passing: said once, at the end
        del news[-1]
    lines = ["What happened:", *(f"  {text}" for text in news)] if news else []
    lines.append(f"Your hand: {hand_words(view.hand or ())}.")
    lines += [seat_line(view, seat, labels[seat]) for seat in range(view.num_players)]
    lines.append(pond_line(view))
    lines += status
    # shown(): a bot registered under a name with an escape in it is drawn, not obeyed.
    return "".join(shown(line) + "\n" for line in lines)


def _status(narrator: Narrator, view: View) -> list[str]:
    """The picture's last line: the result once the game is over, else whose turn it is."""
    if view.is_over:
        return [narrator.headline(view)]
    if view.current_player is None:
        return []
    return [narrator.turn(view.current_player)]


def illegal_action_line(who: str, action: int | None, outcome: str) -> str:
    """The picture's last line once an illegal action ended the episode (GoFish-v0's, the
    PettingZoo table under ``TerminateIllegalWrapper``): "You played action 3, which is
    not legal now, so ``outcome``."; "an action that is not legal now" when the number
    is not known."""
    if action is None:
        return f"{who} played an action that is not legal now, so {outcome}."
    return f"{who} played action {action}, which is not legal now, so {outcome}."


def rendered(env_name: str, render_mode: str | None,
             picture: Callable[[], str]) -> str | None:
    """What ``render()`` gives for ``render_mode``: the picture as text (ansi); None once
    it is printed (human); None with a warning saying how to have a picture (no mode)."""
    if render_mode is None:
        warnings.warn(f"{env_name} was made with render_mode=None, so render() draws "
                      "nothing: make it with render_mode='ansi' (render() gives the game "
                      "as text) or 'human' (printed at every step)", stacklevel=3)
        return None
    text = picture()
    if render_mode == "ansi":
        return text
    print_picture(text)
    return None


def news_start(render_mode: str | None, game: Game) -> int:
    """Where the next step's news starts in ``game``'s history: its length if the
    environment draws at all (reading it copies the history, so a training run without
    a picture skips that), else 0."""
    return 0 if render_mode is None else len(game.events)


def show_to_human(render_mode: str | None, picture: Callable[[], str]) -> None:
    """Print the picture if ``render_mode`` is human: at every ``reset`` and ``step``."""
    if render_mode == "human":
        print_picture(picture())


def print_picture(text: str) -> None:
    """Print the picture to standard output, in one write (vector envs' processes share
    it). A stream that cannot be written (its reader gone, closed) costs the picture, with a
    warning, not the training run; one whose encoding has no ♠ gets plain forms (9♦ as 9D)."""
    # Imported at the first print: an environment that never prints does without the CLI.
    from gofish.cli import plain_where_needed

    stream = sys.stdout  # looked up now, not bound at import: a redirected stream counts
    if stream is None:  # started with it closed (>&-, pythonw): Python sets it to None
        return
    try:
        stream.write(plain_where_needed(text + "\n", stream))
        stream.flush()
    except (OSError, ValueError) as error:  # a broken pipe, a full disk, a closed stream
        warnings.warn(f"render_mode='human' could not print the game ({error}); the "
                      "environment goes on without it", RuntimeWarning, stacklevel=4)
