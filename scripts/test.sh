#!/usr/bin/env bash
# Sets everything up and runs the whole test suite (C++ and web) through ctest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
ctest --preset release -j "$(nproc)" "$@"
