# syntax=docker/dockerfile:1
# Forma as a container: the custom server (server.ts: API, pages, console and Socket.IO on one
# port) on an external PostgreSQL (DATABASE_URL). See docs/operations.md ("Several instances") and
# compose.yaml for a two-instance topology behind a load balancer.
# Written for the topology it documents; not built on the development machine (no Docker there).

ARG NODE_VERSION=20.20

# --- dependencies: the lockfile's exact tree (npm 11 honours package.json's allowScripts) ------
FROM node:${NODE_VERSION}-bookworm-slim AS deps
WORKDIR /app
ENV SCARF_ANALYTICS=false DO_NOT_TRACK=1 NEXT_TELEMETRY_DISABLED=1
RUN npm install -g npm@11 --no-audit --no-fund
COPY package.json package-lock.json ./
# patches/: fixes applied to dependencies by patch-package on install (postinstall)
COPY patches ./patches
RUN npm ci --no-audit --no-fund

# --- build: next build (Turbopack) over the sources --------------------------------------------
FROM deps AS build
COPY . .
RUN NODE_ENV=production npx next build \
 && npm prune --omit=dev --no-audit --no-fund

# --- runtime: production dependencies, the build and the sources server.ts runs with tsx --------
# Every source folder server.ts and the route files import, and every path they read at run time,
# must be copied here: deploy/dockerfile.test.ts checks this list against esbuild's import graph.
FROM node:${NODE_VERSION}-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/.next ./.next
COPY --from=build --chown=node:node /app/package.json /app/tsconfig.json /app/next.config.ts /app/postcss.config.mjs /app/server.ts ./
COPY --from=build --chown=node:node /app/app ./app
COPY --from=build --chown=node:node /app/components ./components
COPY --from=build --chown=node:node /app/server ./server
COPY --from=build --chown=node:node /app/db ./db
COPY --from=build --chown=node:node /app/inngest ./inngest
COPY --from=build --chown=node:node /app/lib ./lib
# Read from disk at run time: the reference's prose sections (server/api/reference-sections.ts).
COPY --from=build --chown=node:node /app/docs ./docs
COPY --from=build --chown=node:node /app/public ./public
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
VOLUME ["/data"]
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# server.ts directly (scripts/start.ts would rebuild: the image has no build stamp). Migrations run
# on start, serialized across instances by an advisory lock. SIGTERM drains requests, returns
# rate-limit leases and closes the pool.
CMD ["node", "--import", "tsx", "server.ts"]
