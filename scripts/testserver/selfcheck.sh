#!/bin/sh
# Hand check of scripts/test-server with the system curl. Bounded in time (each curl has --max-time,
# servers have --lifetime 60), stops its servers and removes its temp dir on exit.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
ts="$root/scripts/test-server"
D=$(mktemp -d "${TMPDIR:-/tmp}/tsrv-check.XXXXXX")
pids=""
cleanup() {
  # start() runs in $(...) subshells, so their pids come from $D/pids (background jobs can't be
  # waited for from here; poll instead, bounded).
  [ -f "$D/pids" ] && pids="$pids $(cat "$D/pids")"
  for p in $pids; do kill -TERM "$p" 2>/dev/null; done
  for p in $pids; do i=0; while kill -0 "$p" 2>/dev/null && [ $i -lt 50 ]; do sleep 0.1; i=$((i+1)); done; done
  for p in $pids; do kill -KILL "$p" 2>/dev/null; done
  for p in $pids; do wait "$p" 2>/dev/null; done
  rm -rf "$D"
}
trap cleanup EXIT INT TERM
fail=0
pass() { echo "PASS $1"; }
bad() { echo "FAIL $1: $2"; fail=$((fail+1)); }

start() { # name extra-args...; sets $url_<name> via file
  name=$1; shift
  "$ts" --dir "$D" --lifetime 60 --info "$D/$name.json" "$@" >"$D/$name.out" 2>&1 &
  echo $! >> "$D/pids"
  i=0
  while [ ! -s "$D/$name.json" ]; do
    i=$((i+1)); [ $i -gt 100 ] && { echo "server $name did not start"; cat "$D/$name.out"; exit 1; }
    sleep 0.1
  done
  python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["url"])' "$D/$name.json"
}

printf '{"hello": "world", "n": 1}\n' > "$D/export.json"
cat > "$D/script.json" <<JSON
{
  "/ok": {"body_file": "export.json"},
  "/etag": {"body_file": "export.json", "etag": "\"v1\"", "last_modified": "Sun, 29 Nov 2026 10:00:00 GMT"},
  "/gz": {"body_file": "export.json", "gzip": true},
  "/busy": [{"status": 503, "retry_after": 2, "body": "busy"}, {"body_file": "export.json"}],
  "/trunc": {"oversize_bytes": 10000, "truncate_after_bytes": 100},
  "/chunk": {"body_file": "export.json", "broken_chunked": true},
  "/stall": {"oversize_bytes": 100000, "stall_after_bytes": 10},
  "/drip": {"body": "0123456789abcdefghij", "drip_bytes_per_second": 10},
  "/to-http": {"redirect_to": "PLAINURL/ok"},
  "/to-https": {"status": 301, "redirect_to": "/ok"},
  "/auth": {"body_file": "export.json", "require_bearer": "s3cret"},
  "/big": {"oversize_bytes": 5000000},
  "/html": {"body": "<html></html>", "content_type": "text/html"}
}
JSON
url=$(start main --script "$D/script.json") || exit 1
plain=$(start plain --plain --script "$D/script.json") || exit 1
sed -i "s#PLAINURL#$plain#" "$D/script.json"
wh=$(start wronghost --cert wrong-host --script "$D/script.json") || exit 1
ex=$(start expired --cert expired --script "$D/script.json") || exit 1
echo "main=$url plain=$plain wrong-host=$wh expired=$ex"
C="curl -sS --max-time 10 --cacert $D/ca.pem"

# 1. normal 200
out=$($C -w ' %{http_code}' "$url/ok") && [ "$out" = '{"hello": "world", "n": 1}
 200' ] && pass "200 body" || bad "200 body" "$out"
# 2. ETag -> 304, Last-Modified -> 304
c1=$($C -o /dev/null -w '%{http_code}' -H 'If-None-Match: "v1"' "$url/etag")
c2=$($C -o /dev/null -w '%{http_code}' -H 'If-None-Match: "v0"' "$url/etag")
c3=$($C -o /dev/null -w '%{http_code}' -H 'If-Modified-Since: Sun, 29 Nov 2026 10:00:00 GMT' "$url/etag")
[ "$c1 $c2 $c3" = "304 200 304" ] && pass "etag/last-modified 304 ($c1 $c2 $c3)" || bad "etag" "$c1 $c2 $c3"
# 3. gzip
enc=$($C -D - -o "$D/gz.out" -H 'Accept-Encoding: gzip' "$url/gz" | tr -d '\r' | grep -i '^content-encoding:')
plainbody=$($C --compressed "$url/gz")
[ "$enc" = "Content-Encoding: gzip" ] && gzip -dc "$D/gz.out" | grep -q hello && [ "$plainbody" = '{"hello": "world", "n": 1}' ] \
  && pass "gzip ($enc, --compressed decodes)" || bad "gzip" "$enc"
noenc=$($C -D - -o /dev/null "$url/gz" | tr -d '\r' | grep -ci '^content-encoding:')
[ "$noenc" = 0 ] && pass "no gzip without Accept-Encoding" || bad "gzip-off" "$noenc"
# 4. 503 + Retry-After, then 200
h=$($C -D - -o /dev/null "$url/busy" | tr -d '\r' | grep -Ei '^(HTTP|Retry-After)' | tr '\n' ' ')
c=$($C -o /dev/null -w '%{http_code}' "$url/busy")
case "$h" in *503*"Retry-After: 2"*) [ "$c" = 200 ] && pass "503 Retry-After: 2, then $c" || bad busy "$h / $c";; *) bad busy "$h";; esac
# 5. truncation -> curl 18
$C -o /dev/null "$url/trunc" 2>"$D/e"; rc=$?
[ $rc = 18 ] && pass "truncated body: curl exit 18 ($(head -1 "$D/e"))" || bad trunc "rc=$rc $(cat "$D/e")"
# 6. broken chunked -> curl error
$C -o /dev/null "$url/chunk" 2>"$D/e"; rc=$?
[ $rc = 18 ] || [ $rc = 56 ] && pass "broken chunked: curl exit $rc ($(head -1 "$D/e"))" || bad chunk "rc=$rc"
# 7. stall -> --max-time 3 times out (28)
t0=$(date +%s); curl -sS --cacert "$D/ca.pem" --max-time 3 -o /dev/null "$url/stall" 2>"$D/e"; rc=$?; t1=$(date +%s)
[ $rc = 28 ] && pass "stall: curl exit 28 after $((t1-t0))s ($(head -1 "$D/e"))" || bad stall "rc=$rc"
curl -sS --cacert "$D/ca.pem" -o /dev/null --speed-limit 1 --speed-time 2 --max-time 10 "$url/stall" 2>"$D/e"; rc=$?
[ $rc = 28 ] && pass "stall: low-speed abort exit 28 ($(head -1 "$D/e"))" || bad stall-lowspeed "rc=$rc"
# 8. drip: 20 bytes at 10 B/s takes ~2 s
t0=$(date +%s); b=$($C "$url/drip"); t1=$(date +%s)
[ "$b" = 0123456789abcdefghij ] && [ $((t1-t0)) -ge 1 ] && pass "drip ($((t1-t0))s)" || bad drip "$b $((t1-t0))"
# 9. redirects
loc=$($C -o /dev/null -w '%{http_code} %{redirect_url}' "$url/to-http")
[ "$loc" = "302 $plain/ok" ] && pass "redirect to http: $loc" || bad redir-http "$loc"
$C -L --proto-redir =https -o /dev/null "$url/to-http" 2>"$D/e"; rc=$?
[ $rc = 1 ] && pass "https-only redirect policy refuses it: curl exit $rc ($(head -1 "$D/e"))" || bad redir-proto "rc=$rc"
r=$($C -L -w ' %{http_code} %{num_redirects}' "$url/to-https" | tr -d '\n')
[ "$r" = '{"hello": "world", "n": 1} 200 1' ] && pass "redirect 301 to https same server: $r" || bad redir-https "$r"
# 10. plain http server
r=$(curl -sS --max-time 5 -o /dev/null -w '%{http_code}' "$plain/ok") && [ "$r" = 200 ] && pass "plain http on loopback: $r" || bad plain "$r"
# 11. certificate failures
$C -o /dev/null "$wh/ok" 2>"$D/e"; rc=$?
[ $rc = 60 ] && pass "wrong-host cert: exit $rc ($(head -1 "$D/e"))" || bad wronghost "rc=$rc $(cat "$D/e")"
$C -o /dev/null "$ex/ok" 2>"$D/e"; rc=$?
[ $rc = 60 ] && pass "expired cert: exit $rc ($(head -1 "$D/e"))" || bad expired "rc=$rc $(cat "$D/e")"
curl -sS --max-time 10 --cacert "$D/other-ca.pem" -o /dev/null "$url/ok" 2>"$D/e"; rc=$?
[ $rc = 60 ] && pass "wrong CA: exit $rc ($(head -1 "$D/e"))" || bad wrongca "rc=$rc"
r=$($C -o /dev/null -w '%{http_code}' "https://localhost:${url##*:}/ok") && [ "$r" = 200 ] && pass "localhost name verifies: $r" || bad localhost "$r"
$C --tls-max 1.1 -o /dev/null "$url/ok" 2>"$D/e"; rc=$?
[ $rc != 0 ] && pass "TLS 1.1 refused: exit $rc" || bad tls11 "accepted"
# 12. bearer
a=$($C -o /dev/null -w '%{http_code}' "$url/auth"); b=$($C -o /dev/null -w '%{http_code}' -H 'Authorization: Bearer nope' "$url/auth")
c=$($C -o /dev/null -w '%{http_code}' -H 'Authorization: Bearer s3cret' "$url/auth")
[ "$a $b $c" = "401 401 200" ] && pass "bearer required ($a $b $c)" || bad bearer "$a $b $c"
# 13. oversize, content type, 404
n=$($C -o "$D/big.out" -w '%{size_download}' "$url/big") && [ "$n" = 5000000 ] && python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$D/big.out" \
  && pass "oversize 5000000 bytes of valid JSON" || bad oversize "$n"
ct=$($C -o /dev/null -w '%{content_type}' "$url/html") && [ "$ct" = text/html ] && pass "content type $ct" || bad ctype "$ct"
r=$($C -o /dev/null -w '%{http_code}' "$url/nope") && [ "$r" = 404 ] && pass "unscripted path 404" || bad 404 "$r"
# 14. request log: no token value, statuses present
if grep -q s3cret "$D/requests.log"; then bad log "token value logged"; else pass "token never in requests.log"; fi
grep '"path": "/auth"' "$D/requests.log" | tail -1
grep -c . "$D/requests.log" | sed 's/^/requests.log lines: /'
# 15. SIGTERM stops the main server and removes its info file
mp=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["pid"])' "$D/main.json")
kill -TERM "$mp"; i=0; while kill -0 "$mp" 2>/dev/null && [ $i -lt 50 ]; do sleep 0.1; i=$((i+1)); done
kill -0 "$mp" 2>/dev/null && bad sigterm "still running" || { [ ! -e "$D/main.json" ] && pass "SIGTERM: exited, server.json removed" || bad sigterm "info left"; }
# 16. lifetime bound
"$ts" --dir "$D" --lifetime 1 --info "$D/short.json" >/dev/null 2>&1 & sp=$!; pids="$pids $sp"
sleep 2.5; kill -0 $sp 2>/dev/null && bad lifetime "still running after 2.5s" || pass "--lifetime 1 exits by itself"
echo "failures: $fail"
exit $fail
