#!/usr/bin/env bash
# Prints deploy/nginx/meshbay.conf.template with its settings filled in (README: Production behind nginx).
#   SERVER_NAME=shop.example.com bash deploy/render-nginx.sh > /etc/nginx/sites-available/meshbay
# Settings (environment variables):
#   SERVER_NAME          the site's host name(s), space-separated (required)
#   TLS_CERTIFICATE      certificate chain (default /etc/letsencrypt/live/<first name>/fullchain.pem)
#   TLS_CERTIFICATE_KEY  its private key (default /etc/letsencrypt/live/<first name>/privkey.pem)
#   APP_PORTS            the app instances' ports on 127.0.0.1 (default "3001 3002")
#   HTTPS_PORT, HTTP_PORT  where nginx listens (default 443 and 80)
set -euo pipefail
template="$(dirname "$0")/nginx/meshbay.conf.template"
if [ -z "${SERVER_NAME:-}" ]; then
  echo 'Error: set SERVER_NAME to the site'"'"'s host name, e.g. SERVER_NAME=shop.example.com.' >&2
  exit 1
fi
first_name="${SERVER_NAME%% *}"
TLS_CERTIFICATE="${TLS_CERTIFICATE:-/etc/letsencrypt/live/$first_name/fullchain.pem}"
TLS_CERTIFICATE_KEY="${TLS_CERTIFICATE_KEY:-/etc/letsencrypt/live/$first_name/privkey.pem}"
HTTPS_PORT="${HTTPS_PORT:-443}"
HTTP_PORT="${HTTP_PORT:-80}"
UPSTREAM_SERVERS=""
for port in ${APP_PORTS:-3001 3002}; do
  if ! [[ "$port" =~ ^[0-9]+$ ]]; then
    echo "Error: APP_PORTS must be port numbers separated by spaces (got \"$port\")." >&2
    exit 1
  fi
  UPSTREAM_SERVERS+="    server 127.0.0.1:$port max_fails=1 fail_timeout=2s;"$'\n'
done
text="$(cat "$template")"
for name in SERVER_NAME TLS_CERTIFICATE TLS_CERTIFICATE_KEY HTTPS_PORT HTTP_PORT UPSTREAM_SERVERS; do
  text="${text//"{{$name}}"/${!name%$'\n'}}"
done
printf '%s\n' "$text"
