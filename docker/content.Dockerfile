# syntax=docker/dockerfile:1
# PRD Studio — the content service.
# Build from the repository root:  docker build -f docker/content.Dockerfile -t prd-studio/content .

# --- build: every workspace's dependencies (dev included), then Nx builds all four services and the packages
# they import. This stage is the same in identity, content, chat and export's Dockerfiles, word for word, so a
# builder with a layer cache (BuildKit, podman) runs it once for all four images; each runtime stage takes its own.
FROM node:24-bookworm-slim AS build
WORKDIR /app
ENV NX_DAEMON=false NX_NO_CLOUD=true
COPY package.json package-lock.json nx.json tsconfig.base.json ./
COPY proto/package.json proto/
COPY doc-model/package.json doc-model/
COPY services/kit/package.json services/kit/
COPY services/identity/package.json services/identity/
COPY services/content/package.json services/content/
COPY services/chat/package.json services/chat/
COPY services/export/package.json services/export/
COPY services/testing/package.json services/testing/
COPY gateway/package.json gateway/
COPY web/package.json web/
COPY infra/package.json infra/
RUN npm ci --no-audit --no-fund
COPY proto proto
COPY doc-model doc-model
COPY services services
RUN npx nx run-many -t build --projects=@prd/identity,@prd/content,@prd/chat,@prd/export --outputStyle=static

# --- runtime: production dependencies of content only, the compiled code and the committed migrations
FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=4002
# jemalloc as infra/lib/services.ts explains (THREAD_MALLOC_ENV): worker threads' memory goes back once they exit.
# Only its library stays: apt's lists and caches, its logs and the backups dpkg and debconf make go.
RUN apt-get update && apt-get install -y --no-install-recommends libjemalloc2 && apt-get clean \
  && rm -rf /var/lib/apt/lists/* /var/log/apt /var/log/dpkg.log /var/cache/debconf/*-old /var/lib/dpkg/*-old
ENV LD_PRELOAD=/usr/\$LIB/libjemalloc.so.2 MALLOC_CONF=background_thread:true
WORKDIR /app
COPY package.json package-lock.json ./
COPY proto/package.json proto/
COPY doc-model/package.json doc-model/
COPY services/kit/package.json services/kit/
COPY services/identity/package.json services/identity/
COPY services/content/package.json services/content/
COPY services/chat/package.json services/chat/
COPY services/export/package.json services/export/
COPY services/testing/package.json services/testing/
COPY gateway/package.json gateway/
COPY web/package.json web/
COPY infra/package.json infra/
# The service's devDependencies go first: through them npm would link the test helpers (@prd/testing), which
# depend on the other services, and install those services' production dependencies here too.
RUN npm pkg delete devDependencies --workspace services/content \
  && npm ci --omit=dev --workspace services/content --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/proto/dist proto/dist
COPY --from=build /app/doc-model/dist doc-model/dist
COPY --from=build /app/services/kit/dist services/kit/dist
COPY --from=build /app/services/content/dist services/content/dist
# Applied at start-up under a PostgreSQL advisory lock, so several replicas may start at once.
COPY services/content/drizzle services/content/drizzle
# The node image's unprivileged user (uid 1000); the root filesystem can be mounted read-only.
USER node
EXPOSE 4002
# Healthy once the service answers /readyz (database and Redis reachable) on the port it was given
# (no spaces in the script: podman 4.3 splits an exec-form health check's arguments at spaces).
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/readyz').then((r)=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "--enable-source-maps", "--max-semi-space-size=8", "services/content/dist/main.js"]
