#!/usr/bin/env bash
# Sets everything up and runs the server on port 8080 with the embedded SQLite store.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec ./build/release/src/app/fourtable serve "$@"
