import sys

from gofish.cli import main

sys.exit(main())
