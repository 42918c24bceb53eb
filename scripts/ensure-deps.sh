#!/usr/bin/env bash
# Installs the npm packages when they are missing or package-lock.json changed since the last install.
# `npm ci`: exactly what the committed lock lists (complete for every platform), and never a rewrite
# of the lock, so a fresh clone's `npm start` leaves `git status` clean (tests/process/fresh-clone.test.ts).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "Installing npm packages …"
  npm ci --no-audit --no-fund --loglevel=error
fi
