#!/usr/bin/env bash
# Serves the production build (the server compiled by scripts/build-server.ts): `npm run serve`, the end
# of `npm start`, and the search benchmark's server.
# Two memory settings keep the process under 1 GB at 2,000,000 models under load (decision 0014):
# - glibc hands blocks of 128 KB and more straight back to the system when they are freed. Left to
#   itself it raises that threshold after the first such free, and then keeps the listing index's
#   working sets (250 KB each) in its heap, which only grows under load.
# - V8 collects its old generation when it has grown to twice what was live after the last collection,
#   not up to four times (hundreds of megabytes of short-lived request garbage otherwise).
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_ENV=production NEXT_TELEMETRY_DISABLED=1
export MALLOC_MMAP_THRESHOLD_="${MALLOC_MMAP_THRESHOLD_:-131072}"
server=.next/marketplace-server/main.mjs
if [ ! -f "$server" ]; then
  echo 'Error: the app is not built: run `npm run build` first (or `npm start`, which builds when needed).' >&2
  exit 1
fi
exec node --heap-growing-percent=100 "$server" "$@"
