#!/usr/bin/env bash
# Builds the Next.js app when there is no build or a source file is newer than it.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
# The compiled server is the build's last step (scripts/build-server.ts): its time is the build's.
server=.next/marketplace-server/main.mjs
if [ ! -f .next/BUILD_ID ] || [ ! -f "$server" ] || [ -n "$(find src messages drizzle next.config.ts global.ts package-lock.json -newer "$server" -print -quit 2>/dev/null)" ]; then
  echo "Building the app (about a minute) …"
  npm run build > .next-build.log 2>&1 || { cat .next-build.log; echo "Error: the build failed (log above)." >&2; exit 1; }
  rm -f .next-build.log
fi
