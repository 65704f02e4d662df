#!/usr/bin/env bash
# The load-balanced topology on this machine (deploy/smoke.ts): nginx from Debian's packages, two
# compiled instances on PostgreSQL (127.0.0.1:5432) and Redis (127.0.0.1:6379), media in s3rver.
# Needs a build (npm run build; it builds when dist/ is missing) and Debian's Chromium for the
# browser part (SMOKE_E2E="" skips it).
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v nginx >/dev/null 2>&1; then
  apt-get update -qq && apt-get install -y -qq nginx >/dev/null
  # The package starts a system nginx on port 80: this smoke runs its own.
  (service nginx stop || pkill -x nginx || true) >/dev/null 2>&1
fi
exec timeout 600 npx tsx deploy/smoke.ts
