import sys

try:
    from gofish.cli import main
except KeyboardInterrupt:  # Ctrl-C while the program was still loading: no traceback
    sys.exit(130)

sys.exit(main())
