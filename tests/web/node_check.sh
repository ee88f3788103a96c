#!/usr/bin/env bash
# CI step: the web build runs on the Node that scripts/setup.sh chose (ctest
# puts its directory first on PATH), and that Node is inside web/package.json's
# engines. Usage: node_check.sh OUT_DIR (the build goes there, not to web/dist,
# so that the tests reading web/dist are not disturbed). Run from the root.
set -euo pipefail
out="$1"
source scripts/node_env.sh

node_path="$(command -v node)" || { echo "FAIL: no node on PATH" >&2; exit 1; }
version="$(node --version)"
echo "web build node: $version ($node_path); engines.node: $(ft_node_range)"
if ! ft_node_ok "$version"; then
  echo "FAIL: node $version is outside web/package.json's engines ($(ft_node_range))" >&2
  exit 1
fi

cd web
# The node that npm's scripts run (vite and tsc start with `env node`) must be
# the same one: npm could put another on PATH.
script_node="$(npm exec --offline -c 'node --version')"
if [ "$script_node" != "$version" ]; then
  echo "FAIL: npm scripts run node $script_node, not $version" >&2
  exit 1
fi
rm -rf "$out"
npm run --silent build -- --outDir "$out" --emptyOutDir --logLevel warn
test -f "$out/index.html" || { echo "FAIL: the build wrote no $out/index.html" >&2; exit 1; }
echo "web build passed with node $version"
