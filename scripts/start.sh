#!/usr/bin/env bash
# `npm start`: installs what is missing, builds when needed, then serves the marketplace on the
# embedded database (created, migrated and seeded on first start) at http://localhost:3000.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
bash scripts/ensure-build.sh
exec bash scripts/serve.sh
