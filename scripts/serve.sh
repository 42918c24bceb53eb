#!/usr/bin/env bash
# Serves the production build (the server compiled by scripts/build-server.ts): `npm run serve`, the end
# of `npm start`, and the search benchmark's server.
# Two memory settings keep the process's memory down under load (decision 0014):
# - glibc serves blocks under 4 MB from its heap and hands larger ones straight back to the system when
#   they are freed. Left to itself it raises that threshold (up to 32 MB) as such blocks are freed, and
#   then keeps the build's large lists in its heap. The listing index's working sets (a bit per model:
#   250 KB at 2,000,000 models, 1.25 MB at 10,000,000) stay under it: mapped anew for every search, as
#   with a 128 KB threshold, their pages were faulted in again each time, and searches took 3.5 times
#   as long.
# - V8 collects its old generation when it has grown to twice what was live after the last collection,
#   not up to four times (hundreds of megabytes of short-lived request garbage otherwise).
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_ENV=production NEXT_TELEMETRY_DISABLED=1
export MALLOC_MMAP_THRESHOLD_="${MALLOC_MMAP_THRESHOLD_:-4194304}"
server=.next/marketplace-server/main.mjs
if [ ! -f "$server" ]; then
  echo 'Error: the app is not built: run `npm run build` first (or `npm start`, which builds when needed).' >&2
  exit 1
fi
exec node --heap-growing-percent=100 "$server" "$@"
