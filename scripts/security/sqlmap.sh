#!/usr/bin/env bash
# SQL injection check: runs sqlmap (Debian package `sqlmap`) against the app's forms and JSON calls.
#
#   bash scripts/security/sqlmap.sh [BASE_URL]        (default http://localhost:3000)
#
# It gets a CSRF token (GET /api/internal/csrf), logs in as demo-buyer, then runs sqlmap in batch mode
# on every target below, with the headers every POST needs (Origin, X-CSRF-Token, the cookies). Prints
# one line per target — "no injection found", or what sqlmap found — and exits 1 if sqlmap identified
# an injection point anywhere (2 when a target could not be tested).
#
# Rate limits: log-in (10 per 15 min per client; 5 wrong passwords per 15 min per account and client;
# once an account has 10 wrong passwords in 15 min, a client that failed on it is refused and only
# clients with no failure on it may try), sign-up (5/h), password reset (5/h) count per client
# address, taken from the socket. Every 429 carries Retry-After. When BASE_URL
# is on this machine, sqlmap's requests go through a small local TCP relay that opens each connection
# from another loopback address (127.1.x.y), so every request is a new client and reaches the code
# behind the limit; elsewhere those targets mostly see 429s. The "seen" column (HTTP statuses sqlmap
# got) says which. Log-in's password field is tried with a fixed login: through the relay every
# request is a client with no failure on that account yet, so each is checked (and answered 400);
# the password is never part of a query anyway (argon2 verifies it).
#
# Settings: SQLMAP_LEVEL (3), SQLMAP_RISK (2), SQLMAP_TECHNIQUE (BEUST), SQLMAP_ONLY (a regex: only
# the targets whose name matches), SQLMAP_KEEP=1 keeps the work directory (logs, traffic).
set -euo pipefail

base="${1:-http://localhost:3000}"
base="${base%/}"
level="${SQLMAP_LEVEL:-3}"
risk="${SQLMAP_RISK:-2}"
technique="${SQLMAP_TECHNIQUE:-BEUST}"
only="${SQLMAP_ONLY:-}"
command -v sqlmap >/dev/null || { echo "sqlmap is not installed: apt-get install -y sqlmap" >&2; exit 2; }
curl -fsS -o /dev/null "$base/api/health" || { echo "no app answers at $base/api/health" >&2; exit 2; }

work="$(mktemp -d "${TMPDIR:-/tmp}/sqlmap-check.XXXXXX")"
relay_pid=""
cleanup() {
  if [[ -n "$relay_pid" ]]; then kill "$relay_pid" 2>/dev/null || true; fi
  if [[ "${SQLMAP_KEEP:-0}" != 1 ]]; then rm -rf "$work"; else echo "work directory: $work"; fi
}
trap cleanup EXIT
started=$(date +%s)

# --- the relay: one loopback source address per connection (local targets only) -------------------
hostport="${base#*://}"
hostport="${hostport%%/*}"
host="${hostport%:*}"
port="${hostport##*:}"
[[ "$port" == "$hostport" ]] && port=80
target="$base"
if [[ "$base" == http://* && ("$host" == localhost || "$host" == 127.0.0.1) ]]; then
  cat >"$work/relay.py" <<'PY'
import asyncio, itertools, sys
upstream_port = int(sys.argv[1])
addresses = (f"127.1.{a}.{b}" for a, b in itertools.cycle(itertools.product(range(1, 255), range(1, 255))))
async def pipe(reader, writer):
    try:
        while data := await reader.read(65536):
            writer.write(data)
            await writer.drain()
    except (ConnectionError, asyncio.CancelledError):
        pass
    finally:
        writer.close()
async def serve(reader, writer):
    try:
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", upstream_port, local_addr=(next(addresses), 0))
    except OSError:
        writer.close()
        return
    await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer))
async def main():
    server = await asyncio.start_server(serve, "127.0.0.1", 0)
    print(server.sockets[0].getsockname()[1], flush=True)
    await server.serve_forever()
asyncio.run(main())
PY
  python3 "$work/relay.py" "$port" >"$work/relay.port" 2>"$work/relay.err" &
  relay_pid=$!
  for _ in $(seq 200); do [[ -s "$work/relay.port" ]] && break; sleep 0.1; done
  target="http://127.0.0.1:$(cat "$work/relay.port")"
  curl -fsS -o /dev/null "$target/api/health" || { echo "the local relay does not work" >&2; exit 2; }
fi
# The app accepts an Origin equal to the Host it was asked for (or PUBLIC_URL's).
origin="$target"

# --- tokens and sessions ------------------------------------------------------------------------------
json_field() { sed -n "s/.*\"$1\":\"\\{0,1\\}\\([^\",}]*\\).*/\\1/p"; }
cookie_of() { tr -d '\r' | sed -n "s/^set-cookie: $1=\\([^;]*\\).*/\\1/Ip" | tail -1; }

guest_token="$(curl -fsS "$base/api/internal/csrf" | json_field token)"
guest_cookie="__Host-csrf=$guest_token"
post() { # post PATH JSON COOKIE TOKEN → headers and body on stdout
  curl -sS -i -X POST "$base$1" -H "origin: $base" -H 'content-type: application/json' \
    -H "cookie: $3" -H "x-csrf-token: $4" --data "$2"
}
session="$(post /api/internal/users/log_in '{"login":"demo-buyer","password":"demo-password-2026"}' \
  "$guest_cookie" "$guest_token" | cookie_of __Host-session)"
[[ -n "$session" ]] || { echo "could not log in as demo-buyer (rate limited? see README)" >&2; exit 2; }
user_token="$(curl -fsS -H "cookie: __Host-session=$session" "$base/api/internal/csrf" | json_field token)"
user_cookie="__Host-session=$session; __Host-csrf=$user_token"

# Real ids to put in the requests: a model, its designer, one that is not in demo-buyer's purchases.
items="$(curl -fsS "$base/api/internal/items?per_page=24&facets=0&sort=newest")"
model_ids=($(grep -o '"id":[0-9]*,"title"' <<<"$items" | grep -o '[0-9]\+' | head -20))
model_id="${model_ids[0]}"
model_url="$(grep -o '"url":"[^"]*"' <<<"$items" | head -1 | cut -d'"' -f4)"
designer="$(curl -fsS "$base/api/internal/featured_designers" | json_field username)"
[[ -n "$designer" ]] || designer="$(grep -o '"designerUsername":"[^"]*"' <<<"$items" | head -1 | cut -d'"' -f4)"
# demo-buyer's cart holds one model, so checkout gets past "empty cart" (a declined test card keeps it).
for id in "${model_ids[@]}"; do
  outcome="$(post /api/internal/cart/items "{\"modelId\":$id}" "$user_cookie" "$user_token" | json_field outcome)"
  [[ "$outcome" == added || "$outcome" == already_in_cart ]] && { cart_model="$id"; break; }
done
# A conversation of demo-buyer's for the conversation calls: the first in their inbox, else a new one.
conversation="$(curl -fsS -H "cookie: $user_cookie" "$base/conversations" | grep -o '/conversations/[0-9]*' | head -1 |
  grep -o '[0-9]*$' || true)"
[[ -n "$conversation" ]] || conversation="$(post /api/internal/conversations \
  '{"recipient":"demo-seller","body":"Hello from the SQL injection check"}' "$user_cookie" "$user_token" |
  json_field conversationId)"
[[ -n "$conversation" ]] || { echo "could not open a conversation as demo-buyer (rate limited?)" >&2; exit 2; }
echo "target $base (sqlmap via $target); model $model_id, designer $designer, cart model ${cart_model:-none}, conversation $conversation"

# --- sqlmap -------------------------------------------------------------------------------------------
common=(--batch "--level=$level" "--risk=$risk" "--technique=$technique" --dbms=PostgreSQL
  --flush-session --drop-set-cookie --disable-coloring "--output-dir=$work/out")
summary=()
found=0
failed=0
total_requests=0
targets=0

# scan NAME AUTH(guest|user|none) URL [JSON [SQLMAP OPTIONS…]]: "*" marks the injection points (none: every parameter).
scan() {
  local name="$1" auth="$2" url="$3" data="${4:-}"
  [[ -n "$only" && ! "$name" =~ $only ]] && return 0
  local args=("${common[@]}" "${@:5}" -u "$target$url" -t "$work/$name.traffic")
  local headers="Origin: $origin"
  case "$auth" in
    guest) headers+="\\nX-CSRF-Token: $guest_token"; args+=("--cookie=$guest_cookie") ;;
    user) headers+="\\nX-CSRF-Token: $user_token"; args+=("--cookie=$user_cookie") ;;
  esac
  if [[ -n "$data" ]]; then
    headers+="\\nContent-Type: application/json"
    args+=("--data=$data")
  fi
  args+=("--headers=$headers")
  local log="$work/$name.log" t0=$SECONDS
  sqlmap "${args[@]}" >"$log" 2>&1 || true
  local requests seen result
  requests=$(grep -c '^HTTP request \[#' "$work/$name.traffic" 2>/dev/null || true)
  seen=$(grep -ao '^HTTP response \[#[0-9]*\] ([0-9]*' "$work/$name.traffic" 2>/dev/null |
    sed 's/.*(//' | sort | uniq -c | awk '{printf "%s%s×%s", sep, $2, $1; sep=" "}' || true)
  rm -f "$work/$name.traffic"
  if grep -qE 'sqlmap identified the following injection point|is vulnerable' "$log"; then
    result="INJECTION FOUND: $(grep -aE '^(Parameter|    Type|    Payload):' "$log" | tr -s ' ' | paste -sd' ')"
    found=1
  elif grep -qE 'all tested parameters do not appear to be injectable|do not appear to be injectable' "$log"; then
    result="no injection found"
    if grep -q 'might be injectable' "$log"; then result+=" (a heuristic hint was not confirmed)"; fi
  else
    result="NOT TESTED: $({ grep -a '\[CRITICAL\]' "$log" || tail -1 "$log"; } | tail -1 | sed 's/.*\[CRITICAL\] //')"
    failed=1
  fi
  targets=$((targets + 1))
  total_requests=$((total_requests + requests))
  summary+=("$(printf '%-26s %-5s %6s req %5ss  seen %-34s %s' "$name" "$auth" "$requests" \
    $((SECONDS - t0)) "${seen:--}" "$result")")
  echo "${summary[-1]}"
}

m="$model_id"
# Rate-limited JSON calls first (fresh counters when the relay is not used).
scan log_in.login guest /api/internal/users/log_in '{"login":"sqlmap-nobody*","password":"wrong-password-1"}'
scan log_in.password guest /api/internal/users/log_in '{"login":"sqlmap-nobody","password":"wrong-password-1*"}'
scan sign_up guest /api/internal/users/sign_up '{"username":"sqlmap_u1*","email":"sqlmap1@example.com*","password":"long-enough-password*"}'
scan password_reset guest /api/internal/users/password_reset '{"email":"demo-buyer@example.com*","locale":"en*"}'
# Other guest POSTs.
scan password_reset.confirm guest /api/internal/users/password_reset/confirm '{"token":"abcdefabcdef*","password":"long-enough-password*"}'
scan email_confirmation guest /api/internal/users/email_confirmation '{"token":"abcdefabcdef*"}'
scan newsletter guest /api/internal/newsletter_subscriptions '{"email":"news@example.com*","locale":"en*"}'
scan business_applications guest /api/internal/business_applications '{"companyName":"Acme*","contactName":"Ann Smith*","email":"ann@example.com*","locale":"en*"}'
scan search_events guest /api/internal/search_events '{"searchTerm":"chair*","type":"model*"}'
scan cart_items.guest guest /api/internal/cart/items "{\"modelId\":\"$m*\"}"
scan cart_remove.guest guest /api/internal/cart/items/remove "{\"modelId\":\"$m*\"}"
scan item_views guest "/api/internal/items/$m*/views" '{}'
scan featured_track guest '/api/internal/featured_designers/1*/track' '{}'
scan client_errors guest /api/internal/client_errors '{"message":"boom*","detail":"x*","page":"/*"}'
# Signed-in POSTs (demo-buyer).
scan wishlist_add user /api/internal/wishlist/items "{\"modelId\":\"$m*\"}"
scan wishlist_remove user /api/internal/wishlist/items/remove "{\"modelId\":\"$m*\"}"
scan cart_items.user user /api/internal/cart/items "{\"modelId\":\"$m*\"}"
scan email_confirmation.resend user /api/internal/users/email_confirmation/resend '{"locale":"en*"}'
# Conversations (decision 0024): limits per user (30 messages per 10 min, 20 first messages an hour),
# so after those the targets mostly see 429s.
scan support_messages user "/api/internal/items/$m*/support_messages" '{"message":"A question about this model, please.*"}'
scan conversations.start user /api/internal/conversations '{"recipient":"demo-seller*","body":"Hello*"}'
scan conversations.reply user "/api/internal/conversations/$conversation*/messages" '{"body":"Hello again*","attachments":0}'
scan conversations.read user "/api/internal/conversations/$conversation*/read" '{"upTo":"1*"}'
scan checkout user /api/internal/checkout '{"idempotencyKey":"sqlmap-key-0001*","couponCode":"WELCOME10*","useCredits":false,"card":{"number":"4000000000000002*","expiry":"12/34*","cvc":"123*"}}'
# Public GETs. Without a marker every parameter is tested, and User-Agent and Referer (level 3);
# the HTML pages (slower) get markers on their own parameters.
scan items none "/api/internal/items?keywords=chair&sort=newest&page=1&per_page=24&locale=en&type=models"
scan items.filters none "/api/internal/items?price_min=1&price_max=100&file_types%5B%5D=stl&features%5B%5D=pbr&poly%5B%5D=up_to_5k&licenses%5B%5D=royalty_free&badges%5B%5D=new&free=0&sale_off=0&print_ready=0&facets=1"
scan items.author none "/api/internal/items?author=$designer&image_id=1"
scan trending none "/api/internal/items/trending?per_page=10&locale=en"
scan live_search none "/api/internal/items/live_search.json?query=cha&locale=en&print_ready=1"
scan featured_designers none "/api/internal/featured_designers?locale=en"
scan search_page none "/search?keywords=chair*&sort=newest&page=1"
scan listing_page none "/3d-models?price_min=1*&formats%5B%5D=stl*&sort=price_asc"
scan designers_page none "/designers?page=1*"
scan designer_page none "/designers/$designer*?tab=reviews*&reviews=given&sort=negative&page=1"
scan model_page none "$model_url*"
scan password_reset_page none "/password-reset/new?token=abcdef*"
# Signed-in GETs.
scan cart_page user "/cart?coupon=WELCOME10*&credits=1*"
scan download user "/api/internal/downloads/1*?expires=1*&signature=abc*" "" --ignore-code=404
scan conversation_messages user "/api/internal/conversations/$conversation*/messages?after=0*"
# Its only input is the session cookie: a changed cookie is a 401, which must not stop sqlmap.
scan conversation_unread user "/api/internal/conversations/unread" "" --ignore-code=401
scan conversation_page user "/conversations/$conversation*"
scan conversation_attachment user "/api/internal/conversations/attachments/1*" "" --ignore-code=404
scan studio_analysis user "/api/internal/studio/models/1*/analysis" "" --ignore-code=404

elapsed=$(($(date +%s) - started))
echo
echo "sqlmap $(sqlmap --version 2>/dev/null | head -1), level $level, risk $risk, technique $technique, on $base"
printf '%s\n' "${summary[@]}"
echo "$targets targets, $total_requests requests, $((elapsed / 60)) min $((elapsed % 60)) s"
if ((found)); then
  echo "RESULT: sqlmap identified an injection point (see above)"
  exit 1
elif ((failed)); then
  echo "RESULT: some targets could not be tested"
  exit 2
fi
echo "RESULT: no injection found"
