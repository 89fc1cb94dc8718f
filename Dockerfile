# syntax=docker/dockerfile:1
# Vidriera: build stage (every dependency, compiles the SPA and the server) and a slim runtime stage that runs
# the compiled server with plain node as an unprivileged user. Node 20 is the version the app is built and
# tested on (package.json engines); raise NODE_VERSION together with CI.
ARG NODE_VERSION=20

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# The embedded database (PGlite) lives in /data when DATABASE_URL is not set.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# As `npm start` runs it (issue 14): two malloc arenas instead of one per thread (~3 MiB less resident), and
# blocks of 128 KiB and more always mapped apart, so they go back to the system when freed (a first PGlite run
# kept ~60 MiB of freed blocks otherwise; ADR 008, amendment 12).
ENV MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072
# SIGTERM (docker stop) finishes in-flight requests before exiting.
CMD ["node", "--expose-gc", "--max-semi-space-size=2", "dist/server/main.js"]
