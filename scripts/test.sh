#!/usr/bin/env bash
# Sets everything up and runs the whole test suite (C++ and web) through ctest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
# A throwaway PostgreSQL and Redis so the store contract tests run on them as
# well as on SQLite (FT_TEST_POSTGRES_URL, FT_TEST_REDIS_URL); removed on exit.
source scripts/test_services.sh
ft_start_test_services
ctest --preset release -j "$(nproc)" "$@"
# The fuzz targets need clang (libFuzzer): the fuzz preset builds them and the
# few components they test (FT_COMPONENTS), and each runs from its seed corpus
# for a few thousand inputs or 30 s (fuzz/CMakeLists.txt).
cmake --preset fuzz >/dev/null
cmake --build --preset fuzz -j "$(nproc)"
ctest --preset fuzz -j "$(nproc)"
