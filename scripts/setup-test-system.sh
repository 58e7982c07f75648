#!/usr/bin/env bash
# System packages the test suite needs beyond PyPI. Each step is idempotent and
# skipped when what it installs is already there.
set -euo pipefail

# Chromium for the browser tests (tests/web), driven by the playwright package.
# Debian's build is used; never `playwright install` (it downloads its own browser).
if [ ! -x /usr/bin/chromium ]; then
    apt-get update
    DEBIAN_FRONTEND=noninteractive apt-get install -y chromium
fi
