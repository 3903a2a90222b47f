# One image for every process of the shop: the web server (default command), the background worker and the
# operator's commands (seed, staff, bank-import, backup, restore). README.md, "Deploy", "Container image".
#
#   docker build --build-arg SHOP_BUILD_ID=$(git rev-parse --short HEAD) -t voucher-shop .

# Debian, not Alpine: sharp, argon2 and PGlite ship glibc builds, and PGDG publishes its clients for bookworm.
FROM node:20.20.2-bookworm-slim AS build
WORKDIR /app
ENV NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false
# The manifests alone first, so that a change to the code reuses the installed dependencies' layer.
COPY package.json package-lock.json tsconfig.json tsconfig.base.json ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/server/package.json apps/server/
COPY apps/storefront/package.json apps/storefront/
COPY apps/admin/package.json apps/admin/
COPY bench/package.json bench/
COPY e2e/package.json e2e/
# No install scripts, as on the developers' npm 11: every native part is a prebuilt package.
RUN npm ci --ignore-scripts
COPY . .
# The deploy's label in every page (<meta name="shop-build">) and in the service worker's update check.
ARG SHOP_BUILD_ID=""
RUN SHOP_BUILD_ID="${SHOP_BUILD_ID}" npm run build

# The PGDG signing key, taken from Debian's own postgresql-common (verified by apt like any Debian package)
# rather than downloaded: the runtime stage then trusts apt.postgresql.org through Debian's keyring.
FROM node:20.20.2-bookworm-slim AS pgdg-key
ARG DEBIAN_FRONTEND=noninteractive
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-common \
  && cp /usr/share/postgresql-common/pgdg/apt.postgresql.org.asc /pgdg.asc \
  && rm -rf /var/lib/apt/lists/*

FROM node:20.20.2-bookworm-slim AS runtime
ARG DEBIAN_FRONTEND=noninteractive
# pg_dump and pg_restore 16 for `npm run backup` / `npm run restore`: bookworm's own are 15, and pg_dump
# refuses a server newer than itself.
COPY --from=pgdg-key /pgdg.asc /usr/share/keyrings/pgdg.asc
RUN apt-get update \
  && apt-get install -y --no-install-recommends ca-certificates \
  && printf '%s\n' 'Types: deb' 'URIs: https://apt.postgresql.org/pub/repos/apt' 'Suites: bookworm-pgdg' \
    'Components: main' 'Signed-By: /usr/share/keyrings/pgdg.asc' > /etc/apt/sources.list.d/pgdg.sources \
  && apt-get update \
  && apt-get install -y --no-install-recommends postgresql-client-16 \
  && pg_dump --version | grep -q ' 16\.' \
  && rm -rf /var/lib/apt/lists/*

WORKDIR /app
ENV NODE_ENV=production \
  DATA_DIR=/data \
  NPM_CONFIG_UPDATE_NOTIFIER=false \
  NPM_CONFIG_FUND=false
COPY package.json package-lock.json tsconfig.json tsconfig.base.json ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/server/package.json apps/server/
COPY apps/storefront/package.json apps/storefront/
COPY apps/admin/package.json apps/admin/
COPY bench/package.json bench/
COPY e2e/package.json e2e/
# tsx is a dependency of @shop/server: the server runs its TypeScript through it, here too.
RUN npm ci --omit=dev --ignore-scripts && npm cache clean --force
# Sources stay root's and read-only to the shop: it writes only to DATA_DIR (and tsx to /tmp).
COPY . .
COPY --from=build /app/apps/storefront/build apps/storefront/build
COPY --from=build /app/apps/admin/dist apps/admin/dist

# Rendered pictures, app icons and, without DATABASE_URL, the embedded database. Created before VOLUME so
# that a new volume starts out owned by the shop's user.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]

USER node
EXPOSE 3000
# No curl in a slim image: Node's own fetch. /healthz, not /readyz: the process is alive while the
# database is away (it answers 503 and recovers by itself), and a restart would not bring the database back.
HEALTHCHECK --interval=30s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# tsx itself, not `npm start`: npm hands SIGTERM to a shell that drops it, and the server would never drain.
# The worker: `node_modules/.bin/tsx apps/server/src/worker.ts` (what `npm run worker` runs). Commands:
# `npm run seed`, `npm run staff -- …`, `npm run bank-import -- …`, `npm run backup -- <file>`, `npm run restore -- <file>`.
CMD ["node_modules/.bin/tsx", "apps/server/src/main.ts"]
