#!/usr/bin/env bash
# `npm test`: the whole suite. Installs the npm packages and (as root) Debian's chromium when missing,
# checks the architecture and types (ESLint, TypeScript), builds the app, then runs unit + integration
# tests (Vitest) and end-to-end tests (Playwright).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
if [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = 0 ]; then
    echo "Installing Debian's chromium for the end-to-end tests …"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "Error: the end-to-end tests need Chromium at /usr/bin/chromium: run 'sudo apt-get install chromium'." >&2
    exit 1
  fi
fi
echo '--- lint (import direction, naming) and typecheck'
npm run --silent lint -- --max-warnings=0
npm run --silent typecheck
bash scripts/ensure-build.sh
export NEXT_TELEMETRY_DISABLED=1
npx vitest run --project unit
npx vitest run --project process
npx playwright test
