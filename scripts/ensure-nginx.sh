#!/usr/bin/env bash
# Installs Debian's nginx when missing (as root), for tests/process/deploy-proxy.integration.test.ts,
# which starts it in front of two app instances. The package's own service is stopped and disabled:
# the test runs its own nginx on high ports, and nothing should be left listening on port 80.
set -euo pipefail
if [ -x /usr/sbin/nginx ]; then exit 0; fi
if [ "$(id -u)" != 0 ]; then
  echo "Error: the production-setup test needs nginx at /usr/sbin/nginx: run 'sudo apt-get install nginx'." >&2
  exit 1
fi
echo "Installing Debian's nginx for the production-setup test …"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx >/dev/null
if [ -d /run/systemd/system ]; then
  systemctl disable --now nginx >/dev/null 2>&1 || true
elif [ -s /run/nginx.pid ]; then
  /usr/sbin/nginx -s quit || true
fi
