# syntax=docker/dockerfile:1
# The portal in one image: the compiled server (apps/server/dist/main.js) and the built web app, on
# Node 24, as an unprivileged user. README "Production: containers"; decision 022.
#
#   docker build -t license-portal .
#   docker run -p 8080:8080 -e DATABASE_URL=postgres://… license-portal
#
# Without DATABASE_URL it runs the embedded database in /app/data (mount a volume there to keep it).

ARG NODE_IMAGE=node:24-bookworm-slim

# --- build: every dependency, then the web app and the server bundle -------------------------------
FROM ${NODE_IMAGE} AS build
WORKDIR /app
# The manifests first: this layer is reused until a dependency changes.
COPY package.json package-lock.json .npmrc ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
# No install scripts: the only ones fetch the development `node` binary (so without them every
# script runs on the image's Node 24), run esbuild's optional self-check and set up the linter's
# resolver.
RUN --mount=type=cache,target=/root/.npm \
    npm ci --ignore-scripts --no-audit --no-fund
COPY . .
# Links the web app reads at build time (apps/web/src/lib/links.ts); empty means the default.
ARG VITE_HELP_MANUAL_URL=
ARG VITE_SOFTWARE_DOWNLOAD_URL=
ARG VITE_QUICK_START_GUIDE_URL=
ARG VITE_DEMO_VIDEO_URL=
RUN npm run build

# --- deps: the server's production dependencies only -----------------------------------------------
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
# Most of them are inside the bundle; the rest (PGlite, argon2, pdfkit, the API docs' pages, …) load
# files of their own at run time. No production dependency has an install script.
RUN --mount=type=cache,target=/root/.npm \
    npm ci --omit=dev --workspace apps/server --ignore-scripts --no-audit --no-fund \
    && mkdir -p apps/server/node_modules

# --- runtime ----------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=8080 \
    HOST=0.0.0.0 \
    DATA_DIR=/app/data
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=deps /app/apps/server/node_modules ./apps/server/node_modules
# package.json: "type": "module" for the bundle, and the folder the server finds drizzle/ and legal/ in.
COPY --from=build /app/apps/server/package.json ./apps/server/
COPY --from=build /app/apps/server/dist ./apps/server/dist
COPY --from=build /app/apps/server/drizzle ./apps/server/drizzle
COPY --from=build /app/apps/server/legal ./apps/server/legal
COPY --from=build /app/apps/web/dist ./apps/web/dist
# The embedded database and the mail outbox (.eml files when SMTP_URL is unset).
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 8080
# Liveness: the process answers. Load balancers ask /api/ready (database reachable and migrated, not
# shutting down) to decide where to send requests.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node itself is PID 1: SIGTERM (docker stop) reaches main.ts, which drains and closes.
CMD ["node", "apps/server/dist/main.js"]
