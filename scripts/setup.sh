#!/usr/bin/env bash
# Installs everything fourtable needs to build, test and run on Debian 12 (as root),
# then builds the release preset. Safe to run again: it skips what is already there.
set -euo pipefail
cd "$(dirname "$0")/.."

APT_PACKAGES=(
  build-essential cmake ninja-build ccache git pkg-config
  clang-14 libclang-rt-14-dev clang-format
  libgtest-dev libgmock-dev libbenchmark-dev
  libboost1.81-dev libboost-json1.81-dev libboost-url1.81-dev
  libsqlite3-dev libpq-dev libpqxx-dev libhiredis-dev libsodium-dev libicu-dev
  postgresql redis-server nginx
  nodejs chromium curl
)

missing=()
for p in "${APT_PACKAGES[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${missing[@]}"
fi
command -v npm >/dev/null 2>&1 || { DEBIAN_FRONTEND=noninteractive apt-get install -y -qq npm; }

if [ -f web/package.json ]; then
  # A Node that web/package.json's engines accept: the system's, or one from
  # the npm registry in web/.node/ (Debian 12's own nodejs is 18, too old).
  source scripts/node_env.sh
  ft_use_node
  echo "setup: web client built with node $(node --version) ($(command -v node))"
  (cd web && npm ci --no-audit --no-fund --loglevel=error)
fi

preset="${FT_PRESET:-release}"
# The web tests (tests/web) run with the node chosen above.
node_arg=()
[ -f web/package.json ] && node_arg=(-DFT_NODE="$(command -v node)")
cmake --preset "$preset" "${node_arg[@]}" >/dev/null
cmake --build --preset "$preset" -j "$(nproc)"
if [ -f web/package.json ]; then
  (cd web && npm run --silent build)
fi
