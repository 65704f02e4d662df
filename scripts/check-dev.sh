#!/usr/bin/env bash
# CI: `npm run dev` starts on the embedded database, answers the API and a page (compiled on
# demand), and reloads after a server source changes. Run from the project root.
set -euo pipefail
PORT=${DEV_CHECK_PORT:-3219}
DATA=$(mktemp -d)
LOG=$(mktemp)
PORT=$PORT DATA_DIR=$DATA npm run dev >"$LOG" 2>&1 &
pid=$!
stop() { kill -TERM -- -"$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null || true; sleep 2; pkill -f "tsx watch --clear-screen=false server.ts" 2>/dev/null || true; rm -rf "$DATA"; }
trap 'stop; echo "--- npm run dev log (tail)"; tail -20 "$LOG"' EXIT
wait_health() {
  for _ in $(seq 1 120); do
    curl -sf "http://127.0.0.1:$PORT/health" >/dev/null 2>&1 && return 0
    sleep 1
  done
  echo "npm run dev did not answer /health within 120 s" >&2
  return 1
}
wait_health
KEY=$(node -p "require('$DATA/demo-workspace.json').apiKey")
ORG=$(node -p "require('$DATA/demo-workspace.json').organizationId")
code=$(curl -s -o /dev/null -w '%{http_code}' -H "X-Api-Key: $KEY" "http://127.0.0.1:$PORT/v1/orgs/$ORG/workouts?limit=1")
[ "$code" = 200 ] || { echo "API answered $code" >&2; exit 1; }
page=$(curl -s "http://127.0.0.1:$PORT/workouts?orgId=$ORG")
grep -q 'data-workout-id' <<<"$page" || { echo "the workout grid did not render" >&2; exit 1; }
# A server source changes: tsx watch restarts the server, which answers again.
restarts_before=$(grep -c "Forma is running" "$LOG")
touch server/env.ts
for _ in $(seq 1 60); do
  [ "$(grep -c "Forma is running" "$LOG")" -gt "$restarts_before" ] && break
  sleep 1
done
[ "$(grep -c "Forma is running" "$LOG")" -gt "$restarts_before" ] || { echo "no restart after a server change" >&2; exit 1; }
# The old process shut down in order within tsx's 5 s, instead of being killed with its database running.
! grep -q "Force killing" "$LOG" || { echo "the old process did not exit within 5 s of the restart and was killed" >&2; exit 1; }
wait_health
echo "npm run dev: API, a page and a reload after a server change all answered"
