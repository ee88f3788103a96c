#!/usr/bin/env bash
# Sets everything up and runs the whole test suite (C++ and web) through ctest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
# A throwaway PostgreSQL so the store contract tests run on it as well as on
# SQLite (FT_TEST_POSTGRES_URL); stopped and removed when this script exits.
source scripts/test_services.sh
ft_start_postgres
ctest --preset release -j "$(nproc)" "$@"
