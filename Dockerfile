# syntax=docker/dockerfile:1
# JusConecta: one app process per container (docs/deploy.md). Not built or run on the machine where it
# was written (no registry access there); `npm run test:cluster` runs the same build/server.js, the same
# way, behind nginx with PostgreSQL and an S3-compatible bucket.

# 1. Build: every dependency (Vite, React Router's compiler, esbuild), then `npm run build`.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. Run: production dependencies only, the build and the migrations; a non-root user.
FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/build ./build
# Applied at start (an advisory lock lets one process of several do it: docs/deploy.md).
COPY drizzle ./drizzle
# DATA_DIR holds only the generated secret and local photos when no DATABASE_URL / S3_BUCKET is set;
# with both set nothing there matters, but it must still be writable by the process.
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
# Liveness only: /healthz does not ask the database, so a PostgreSQL outage never restarts the app
# (it recovers by itself). Readiness for a load balancer is /readyz.
HEALTHCHECK --interval=10s --timeout=3s --start-period=90s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM drains (docs/architecture.md, Process and boot); give it the 10 s it may take: stop_grace_period.
STOPSIGNAL SIGTERM
CMD ["node", "build/server.js"]
