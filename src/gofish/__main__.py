"""Where ``gofish`` and ``python -m gofish`` start.

Python reports a Ctrl-C as a traceback until a ``try`` catches it, so this
module catches it around loading the commands, which takes a tenth of a second
(``gofish.cli`` catches it from then on). Only this module and the package's
near-empty ``__init__`` load before that ``try``.
"""

import sys


def main() -> int:
    try:
        from gofish.cli import main as run_command
    except KeyboardInterrupt:
        try:  # not contextlib.suppress: importing contextlib takes milliseconds  # noqa: SIM105
            print("\ninterrupted", file=sys.stderr)
        except (OSError, ValueError):  # stderr closed: the exit status says it
            pass
        return 130
    return run_command()


if __name__ == "__main__":
    sys.exit(main())
