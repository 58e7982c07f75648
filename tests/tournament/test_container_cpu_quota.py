"""A tournament's default workers heed a container's CPU quota (``docker --cpus=2``, a
Kubernetes CPU limit), as the docs' "--jobs" row says. A quota leaves every core in the
process's affinity, so on a 64-core host a container allowed two CPUs started 64 workers,
each given a thirty-second of a core by the kernel's throttling, and the external bots'
answers crept toward their timeout. The quota is the cgroup's (v2 ``cpu.max``, v1
``cpu.cfs_quota_us`` over ``cpu.cfs_period_us``), the lowest on the way up to the root,
rounded up to whole cores."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from tests.sim.test_container_memory import fake_cgroups

from gofish.cli import main
from gofish.core import make_rules
from gofish.tournament import Plan, run_tournament, summary
from gofish.tournament.run import max_jobs, usable_cores


@pytest.fixture
def machine_of_64_cores(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "cpu_count", lambda: 64)
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: set(range(64)), raising=False)


@pytest.mark.parametrize(("membership", "limits", "cpus", "cores"), [
    # cgroup v2: two CPUs for the container, none set above it
    ("0::/\n", {"cpu.max": "200000 100000"}, 2.0, 2),
    # a CPU and a half is two workers: rounded up, so that no quota leaves a core idle
    ("0::/\n", {"cpu.max": "150000 100000"}, 1.5, 2),
    # the lowest quota on the way up counts, whether it is the job's own or its parent's
    ("0::/box/job\n", {"cpu.max": "max 100000", "box/cpu.max": "300000 100000",
                       "box/job/cpu.max": "max 100000"}, 3.0, 3),
    # cgroup v1 (Docker on older hosts): the cpu controller's tree, beside cpuacct
    ("9:pids:/\n3:cpu,cpuacct:/docker/abc\n", {
        "cpu/cpu.cfs_quota_us": "-1", "cpu/cpu.cfs_period_us": "100000",
        "cpu/docker/abc/cpu.cfs_quota_us": "50000",
        "cpu/docker/abc/cpu.cfs_period_us": "100000"}, 0.5, 1),
])
def test_a_cpu_quota_is_the_cores_a_tournament_uses(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, machine_of_64_cores: None,
        membership: str, limits: dict[str, str], cpus: float, cores: int) -> None:
    from gofish.sim import cgroup_cpus

    fake_cgroups(monkeypatch, tmp_path, membership, limits)
    assert cgroup_cpus() == cpus
    assert usable_cores() == cores
    assert max_jobs() == max(8, 4 * cores)  # four per core, at least 8: not 4 x 64


@pytest.mark.parametrize(("membership", "limits"), [
    ("0::/\n", {"cpu.max": "max 100000"}),  # no quota set
    ("3:cpu,cpuacct:/\n", {"cpu/cpu.cfs_quota_us": "-1", "cpu/cpu.cfs_period_us": "100000"}),
    ("0::/gone\n", {}),  # no such files (not Linux, or cgroups not mounted)
    ("0::/\n", {"cpu.max": "lots of it"}),  # nothing that reads as a quota
    ("0::/\n", {"cpu.max": "0 0"}),
    # more digits than a float holds: tournament stopped with an OverflowError traceback
    ("0::/\n", {"cpu.max": "1" + "0" * 400 + " 100000"}),
    ("3:cpu:/\n", {"cpu/cpu.cfs_quota_us": "9" * 400, "cpu/cpu.cfs_period_us": "100000"}),
])
def test_without_a_quota_the_cores_are_the_affinitys(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, machine_of_64_cores: None,
        membership: str, limits: dict[str, str]) -> None:
    from gofish.sim import cgroup_cpus

    fake_cgroups(monkeypatch, tmp_path, membership, limits)
    assert cgroup_cpus() is None
    assert usable_cores() == 64


def test_the_default_workers_of_a_run_heed_the_quota(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, machine_of_64_cores: None) -> None:
    fake_cgroups(monkeypatch, tmp_path, "0::/\n", {"cpu.max": "100000 100000"})
    plan = Plan(make_rules("classic"), 2, 1, ("emma", "random"), 40)  # five chunks of 8
    assert summary(run_tournament(plan, fast=False))["jobs"] == 1


def test_too_many_jobs_are_refused_in_the_cores_of_the_quota(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, machine_of_64_cores: None,
        capsys: pytest.CaptureFixture[str]) -> None:
    # It said "(4 per core of this machine)" of a 64-core machine whose quota allows 3 CPUs.
    fake_cgroups(monkeypatch, tmp_path, "0::/\n", {"cpu.max": "300000 100000"})
    assert main(["tournament", "emma", "random", "--games", "2", "--jobs", "16"]) == 2
    assert capsys.readouterr().err == (
        "gofish tournament: --jobs must be at most 12 (4 per core this process may use, 3 "
        "here, and at least 8), not 16\n")
