#!/usr/bin/env bash
# Builds the Next.js app when there is no build or a source file is newer than it.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
if [ ! -f .next/BUILD_ID ] || [ ! -f .next/marketplace-server/main.mjs ] || [ -n "$(find src messages drizzle next.config.ts global.ts package-lock.json -newer .next/marketplace-server/main.mjs -print -quit 2>/dev/null)" ]; then
  echo "Building the app (about a minute) …"
  npm run build > .next-build.log 2>&1 || { cat .next-build.log; echo "Error: the build failed (log above)." >&2; exit 1; }
  rm -f .next-build.log
fi
