"""``gofish serve`` and ``gofish rooms`` refuse an empty --host or --allow-host (an unset
shell variable) before they open anything: --host "" said "cannot listen on  port 8000: no
such address" with exit status 1, and --allow-host "" was taken without a word, though it
matches no Host a browser sends."""

from __future__ import annotations

from pathlib import Path

import pytest

from gofish.cli import main

EMPTY_HOST = ("--host cannot be empty: leave it out for this machine only (127.0.0.1), "
              "or give 0.0.0.0 for every address")


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Servers started: none should be, and one started must not hang the test."""
    import uvicorn

    import gofish.online

    started: list[str] = []
    monkeypatch.setattr(uvicorn.Server, "run", lambda *_, **__: started.append("serve"))
    monkeypatch.setattr(gofish.online, "serve", lambda *_, **__: started.append("rooms"))
    return started


def no_host(typed: str) -> str:
    return (f"--allow-host {typed!r} names no host, so it would match no browser's request: "
            "give a host name such as example.org")


@pytest.mark.parametrize("command", ["serve", "rooms"])
@pytest.mark.parametrize(("options", "said"), [
    (["--host", ""], EMPTY_HOST),
    (["--host", " "], EMPTY_HOST),
    (["--allow-host", ""], no_host("")),
    (["--allow-host", "tunnel.example", "--allow-host", ":8000"], no_host(":8000")),
])
def test_an_empty_host_is_refused_before_anything_is_opened(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
    command: str, options: list[str], said: str, served: list[str],
) -> None:
    rooms = tmp_path / "rooms.sqlite3"
    monkeypatch.setenv("GOFISH_ROOMS_DB", str(rooms))  # opened at start-up, unless refused
    games = tmp_path / "games.sqlite3"
    database = ["--database", str(games if command == "serve" else rooms)]
    assert main([command, "--port", "0", *database, *options]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == f"gofish {command}: {said}\n"
    assert not rooms.exists() and not games.exists() and served == []


@pytest.mark.parametrize("command", ["serve", "rooms"])
@pytest.mark.parametrize(("typed", "name"), [
    ("https://fish.tunnel.example/", "fish.tunnel.example"),
    ("http://fish.tunnel.example:8000/rooms", "fish.tunnel.example"),
    ("fish.tunnel.example/rooms", "fish.tunnel.example")])
def test_an_address_given_as_allow_host_is_answered_with_its_host_name(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
    command: str, typed: str, name: str, served: list[str],
) -> None:
    # A tunnel prints its address, and that is what gets pasted: it was taken without a
    # word, as the host "https", and every request by the tunnel's name was then refused.
    monkeypatch.setenv("GOFISH_ROOMS_DB", str(tmp_path / "rooms.sqlite3"))
    database = ["--database", str(tmp_path / "games.sqlite3")] if command == "serve" else []
    assert main([command, "--port", "0", *database, "--allow-host", typed]) == 2
    assert capsys.readouterr().err == (
        f"gofish {command}: --allow-host {typed!r} is an address, not a host name: give the "
        f"name alone, --allow-host {name}\n")
    assert served == []


@pytest.mark.parametrize("typed", ["fish tunnel.example", "fish\ttunnel", "https://"])
def test_a_host_name_with_a_space_is_refused(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
    typed: str, served: list[str],
) -> None:
    monkeypatch.setenv("GOFISH_ROOMS_DB", str(tmp_path / "rooms.sqlite3"))  # never the user's
    assert main(["serve", "--port", "0", "--database", str(tmp_path / "games.sqlite3"),
                 "--allow-host", typed]) == 2
    assert capsys.readouterr().err == (
        f"gofish serve: --allow-host {typed!r} names no host, so it would match no browser's "
        "request: give a host name such as example.org\n")
    assert served == []
