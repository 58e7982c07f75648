"""A process's /proc/PID/stat, read where the system has one (Linux): the external bots'
clean-up finds their helpers by it, and the terminal table its job's parents."""

from __future__ import annotations

# Places in /proc/PID/stat, counted from the state letter (after the command's ")").
STATE, PARENT, FLAGS, START_TIME = 0, 1, 6, 19


def stat_fields(pid: int | str) -> list[str] | None:
    """Process ``pid``'s /proc/PID/stat from its state on; None once it is gone, or where
    there is no /proc. After the name's last ")", as a name may hold spaces and ")"."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            fields = stat.read().rsplit(b")", 1)[1].decode().split()
        int(fields[FLAGS]), int(fields[START_TIME])  # there to read
    except (OSError, ValueError, IndexError):  # gone meanwhile
        return None
    return fields
