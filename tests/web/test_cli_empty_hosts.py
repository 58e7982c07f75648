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


def refused(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
            tmp_path: Path, command: str, *options: str) -> str:
    """What ``gofish COMMAND --port 0 OPTIONS…`` writes to stderr as it stops with status 2,
    with its databases in ``tmp_path`` (never the user's)."""
    monkeypatch.setenv("GOFISH_ROOMS_DB", str(tmp_path / "rooms.sqlite3"))
    database = ["--database", str(tmp_path / "games.sqlite3")] if command == "serve" else []
    assert main([command, "--port", "0", *database, *options]) == 2
    return capsys.readouterr().err


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
    assert refused(capsys, monkeypatch, tmp_path, command, "--allow-host", typed) == (
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


@pytest.mark.parametrize("command", ["serve", "rooms"])
@pytest.mark.parametrize(("typed", "fix"), [
    ("[::1]", "give an IPv6 address without its brackets, --host ::1"),
    ("localhost:8080", "the port goes in --port, --host localhost --port 8080"),
    ("http://0.0.0.0:9000/", "the port goes in --port, --host 0.0.0.0 --port 9000"),
    ("https://fish.example/rooms", "give the address alone, --host fish.example"),
    ("localhost:", "give the address alone, --host localhost"),
])
def test_a_host_written_as_in_a_link_is_answered_with_how_to_write_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
    command: str, typed: str, fix: str, served: list[str],
) -> None:
    # Looked up as a name, it was "cannot listen on [::1] port 8000: no such address (Name
    # or service not known)", with exit status 1, as if the machine had no such address.
    assert refused(capsys, monkeypatch, tmp_path, command, "--host", typed) == (
        f"gofish {command}: --host {typed!r} is written as in a link: {fix}\n")
    assert served == []


@pytest.mark.parametrize("typed", ["::1", "fe80::1"])
def test_an_ipv6_address_is_no_link(typed: str) -> None:
    from gofish.cli._server import hosts_refused

    assert hosts_refused("serve", typed, []) is False  # two colons or more: an address
