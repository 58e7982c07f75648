"""simulate() refuses a batch that does not fit in a container's memory limit: it measured
the machine's RAM (or ``ulimit -v``) alone, so in a container allowed 1 GB on a 64 GB host
``games=10**8`` (5.6 GB) was let through and the kernel's out-of-memory killer ended the
process (and its work) with no word, where the refusal names the batches to play instead.
The limit is the cgroup's (v2 ``memory.max``, v1 ``memory.limit_in_bytes``), the lowest on
the way from the process's own cgroup up to the root."""

from __future__ import annotations

from pathlib import Path

import pytest

import gofish.sim
from gofish.core import MalformedInputError
from gofish.sim import memory_bytes, simulate

GB = 10**9


def fake_cgroups(monkeypatch: pytest.MonkeyPatch, root: Path, membership: str,
                 limits: dict[str, str]) -> None:
    """``/proc/self/cgroup`` reading ``membership``, and ``limits`` as files under ``root``
    (the mount point of /sys/fs/cgroup)."""
    (root / "self_cgroup").write_text(membership)
    for relative, text in limits.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text + "\n")
    monkeypatch.setattr(gofish.sim, "PROC_CGROUP", str(root / "self_cgroup"), raising=False)
    monkeypatch.setattr(gofish.sim, "CGROUP_ROOT", str(root), raising=False)


def test_a_cgroup_v2_limit_of_one_gb_is_the_memory(monkeypatch: pytest.MonkeyPatch,
                                                   tmp_path: Path) -> None:
    fake_cgroups(monkeypatch, tmp_path, "0::/box/job\n",
                 {"memory.max": "max", "box/memory.max": str(GB), "box/job/memory.max": "max"})
    assert memory_bytes() == GB
    with pytest.raises(MalformedInputError, match=r"games=100,000,000 needs about 5\.6 GB .*"
                                                  r"more than this machine's 1\.0 GB: play "
                                                  r"them in batches of at most 1,000,000 games"):
        simulate("classic", ["random", "emma"], games=10**8)


def test_a_cgroup_v1_limit_is_the_memory(monkeypatch: pytest.MonkeyPatch,
                                         tmp_path: Path) -> None:
    fake_cgroups(monkeypatch, tmp_path, "9:pids:/\n4:memory:/docker/abc\n1:cpu:/\n",
                 {"memory/memory.limit_in_bytes": "9223372036854771712",
                  "memory/docker/abc/memory.limit_in_bytes": str(2 * GB)})
    assert memory_bytes() == 2 * GB


@pytest.mark.parametrize(("membership", "limits"), [
    ("0::/\n", {"memory.max": "max"}),  # no limit set
    ("4:memory:/x\n", {"memory/x/memory.limit_in_bytes": "9223372036854771712"}),
    ("0::/gone\n", {}),  # no such files (not Linux, or cgroups not mounted)
    ("garbage", {"memory.max": "lots"}),  # nothing that reads as a limit
    # More digits than int() reads (4,300): a ValueError out of simulate, not a limit.
    ("0::/\n", {"memory.max": "9" * 5000}),
])
def test_without_a_cgroup_limit_the_memory_is_the_machines(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, membership: str,
        limits: dict[str, str]) -> None:
    fake_cgroups(monkeypatch, tmp_path, membership, limits)
    monkeypatch.setattr(gofish.sim, "cgroup_limit", lambda: None, raising=False)
    machine = memory_bytes()
    monkeypatch.undo()
    fake_cgroups(monkeypatch, tmp_path, membership, limits)
    assert memory_bytes() == machine
