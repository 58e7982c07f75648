#!/usr/bin/env bash
# System packages the test suite needs beyond PyPI. Each step is idempotent and
# skipped when what it installs is already there.
set -euo pipefail

# Chromium for the browser tests (tests/web), driven by the playwright package.
# Debian's build is used; never `playwright install` (it downloads its own browser).
if [ ! -x /usr/bin/chromium ]; then
    apt-get update
    APT_UPDATED=1
    DEBIAN_FRONTEND=noninteractive apt-get install -y chromium
fi

# PostgreSQL server binaries for the online-rooms tests (tests/online start a
# throwaway cluster with initdb/pg_ctl as an unprivileged user; no service is enabled).
if ! compgen -G "/usr/lib/postgresql/*/bin/initdb" > /dev/null; then
    [ -n "${APT_UPDATED:-}" ] || apt-get update
    APT_UPDATED=1
    DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql
fi

# jq for the protocol's example bot in bash (examples/jqbot.sh, tests/protocol).
if ! command -v jq > /dev/null; then
    [ -n "${APT_UPDATED:-}" ] || apt-get update
    DEBIAN_FRONTEND=noninteractive apt-get install -y jq
fi
