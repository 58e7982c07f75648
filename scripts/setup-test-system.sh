#!/usr/bin/env bash
# System packages the test suite needs beyond PyPI. Each step is idempotent and
# skipped when what it installs is already there.
set -euo pipefail
