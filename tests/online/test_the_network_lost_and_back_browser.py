"""A phone that loses its network: the browser knows at once (its "offline" event), while
the socket looks open for a long while yet. The page says so at once, and once the network
is back it connects again at once, instead of some 45 seconds later, when the room's
silence gives the dead socket away."""

from __future__ import annotations

from typing import Any

import pytest

from .browser_support import RoomsServer, ann_and_bob, held_connection

pytestmark = pytest.mark.browser


def test_a_page_says_it_is_offline_and_connects_again_when_the_network_is_back(
    rooms: RoomsServer, open_page: Any
) -> None:
    _ann, bob, _code = ann_and_bob(rooms, open_page)
    bob.clock.install()  # time stands still unless the test moves it: no ping finds the cut
    cut = held_connection(bob)
    cut["on"] = True  # the socket still "open", and nothing passes on it
    bob.context.set_offline(True)
    # It said "Connected as Bob." all along, and every click went nowhere.
    bob.wait_for_selector("#connection.down:has-text('offline')")
    bob.context.set_offline(False)
    bob.wait_for_selector("#connection:has-text('Connected as Bob')")
    assert cut["sockets"] == 2  # a fresh socket, the dead one let go
    assert not bob.locator("#connection.down").count()


def test_a_room_that_still_answers_when_offline_shows_connected_again(
    rooms: RoomsServer, open_page: Any
) -> None:
    # A server on the player's own machine is still there with the network gone: the ping
    # sent on "offline" is answered, and the line says so again, not "offline" until the
    # next move.
    _ann, bob, _code = ann_and_bob(rooms, open_page)
    bob.clock.install()
    cut = held_connection(bob)  # passing everything: the socket lives on
    bob.evaluate("""() => { window.said = []; const line = document.querySelector('#connection');
        new MutationObserver(() => said.push(line.textContent))
            .observe(line, { childList: true, characterData: true, subtree: true }); }""")
    # The browser's word only: the network to this machine is not cut (as it is not, on it).
    bob.evaluate("() => window.dispatchEvent(new Event('offline'))")
    bob.wait_for_function("() => said.some((text) => text.includes('offline'))")
    bob.wait_for_selector("#connection:not(.down):has-text('Connected as Bob')")
    assert cut["sockets"] == 1
