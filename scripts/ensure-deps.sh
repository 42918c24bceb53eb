#!/usr/bin/env bash
# Installs the npm packages when they are missing or package-lock.json changed since the last install.
# `npm install` rather than `npm ci`: the lock lists optional platform builds (macOS, Windows) that a
# registry mirror may not carry, which `npm ci` refuses; `npm install` follows the lock for the rest.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "Installing npm packages …"
  npm install --no-audit --no-fund --loglevel=error
fi
