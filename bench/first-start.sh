#!/usr/bin/env bash
# A new user's first start, timed (issue 28's "fresh clone to a healthy service"): clone the
# repository, a plain `npm install`, `npm start`, then poll /health and /ready until each answers
# 200. Prints the phases and the server's own start-up line; stops the server and its process group
# after (a server left running renders its demo exports and slows the next run down).
#
#   npm run bench:first-start [-- <repository or path, default this checkout> [<port, default 3990>]]
#
# The npm cache is whatever this machine has (warm after any install of the same lockfile).
set -euo pipefail
SOURCE=${1:-$(cd "$(dirname "$0")/.." && pwd)}
PORT=${2:-3990}
WORK=$(mktemp -d)
DATA=$(mktemp -d)
server=""
cleanup() {
  if [ -n "$server" ]; then kill -TERM -- "-$server" 2>/dev/null || true; sleep 2; kill -KILL -- "-$server" 2>/dev/null || true; fi
  rm -rf "$WORK" "$DATA"
}
trap cleanup EXIT

now() { date +%s.%N; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }

t0=$(now)
git clone -q "$SOURCE" "$WORK/forma"
cd "$WORK/forma"
t_clone=$(now)
npm install --no-fund >"$WORK/install.log" 2>&1 || { cat "$WORK/install.log"; exit 1; }
t_install=$(now)
PORT=$PORT DATA_DIR=$DATA setsid npm start >"$WORK/start.log" 2>&1 &
server=$!
health="" ready=""
for _ in $(seq 1 1800); do
  if [ -z "$health" ] && curl -fs -o /dev/null "http://127.0.0.1:$PORT/health"; then health=$(now); fi
  if [ -n "$health" ] && curl -fs -o /dev/null "http://127.0.0.1:$PORT/ready"; then ready=$(now); break; fi
  kill -0 "$server" 2>/dev/null || { cat "$WORK/start.log"; echo "npm start exited" >&2; exit 1; }
  sleep 0.2
done
[ -n "$ready" ] || { tail -40 "$WORK/start.log"; echo "not ready after 6 minutes" >&2; exit 1; }
echo "commit $(git rev-parse --short HEAD), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) at the end, $(date -u +%FT%TZ)"
echo "clone $(secs "$t0" "$t_clone") s | npm install $(secs "$t_clone" "$t_install") s | start → /health $(secs "$t_install" "$health") s | clone → /health $(secs "$t0" "$health") s | start → /ready $(secs "$t_install" "$ready") s | clone → /ready $(secs "$t0" "$ready") s"
grep -E "answering after|pages built" "$WORK/start.log" | head -8 || true
