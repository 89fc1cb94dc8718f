# syntax=docker/dockerfile:1
# Vidriera: build stage (every dependency, compiles the SPA and the server) and a slim runtime stage that runs
# the compiled server with plain node as an unprivileged user. Node 24 LTS is the production runtime; `npm test`
# runs the server's API tests on PostgreSQL under it (ADR 039). Change NODE_VERSION together with .nvmrc and
# scripts/test.mjs.
ARG NODE_VERSION=24

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
# compose.yaml runs the image on PostgreSQL (DATABASE_URL; docs/operations.md). Without it the embedded PGlite
# lives in /data, as small as under `npm start` thanks to the same node flags (ADR 049).
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# As `npm start` runs it: two malloc arenas instead of one per thread, and blocks of 128 KiB and more always
# mapped apart, so they go back to the system when freed instead of staying resident after a first PGlite run
# (ADR 029; figures in docs/performance.md).
ENV MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072
# SIGTERM (docker stop) finishes in-flight requests before exiting. The flags are `npm start`'s (package.json):
# a small young generation, and PGlite's WebAssembly kept on V8's baseline compiler, because this Node's
# optimising compiler needs hundreds of MiB for one of PostgreSQL's functions (ADR 049).
CMD ["node", "--expose-gc", "--max-semi-space-size=2", "--liftoff-only", "dist/server/main.js"]
