# syntax=docker/dockerfile:1
# PRD Studio — the gateway: nginx serving the built web client and routing /api, /ws and /ws-general
# to the services (gateway/nginx/gateway.conf.template).
# Build from the repository root:  docker build -f docker/gateway.Dockerfile -t prd-studio/gateway .

# --- build: the web client (Vite) with Nx
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
COPY web web
RUN npx nx run-many -t build --projects=@prd/web --outputStyle=static

# --- runtime: the official nginx image. Its entrypoint renders /etc/nginx/templates/*.template with
# envsubst into /etc/nginx/conf.d at start-up: set GATEWAY_PORT, WEB_ROOT and the *_SERVERS upstreams
# (e.g. IDENTITY_SERVERS="server identity:4001;") in the environment.
FROM nginx:1.28-bookworm AS runtime
ENV GATEWAY_PORT=8080 WEB_ROOT=/usr/share/nginx/html
# Rendered as the unprivileged nginx user: conf.d must be writable by it (an emptyDir in Kubernetes).
RUN rm -f /etc/nginx/conf.d/default.conf && chown nginx:nginx /etc/nginx/conf.d
COPY docker/gateway/nginx.conf /etc/nginx/nginx.conf
COPY gateway/nginx/gateway.conf.template /etc/nginx/templates/gateway.conf.template
COPY --from=build /app/web/dist /usr/share/nginx/html
# The image's nginx user (uid 101): listens on 8080, writes only to /tmp and /etc/nginx/conf.d.
USER nginx
EXPOSE 8080
# The built client's index.html, served through the rendered configuration.
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s --retries=3 \
  CMD curl -fsS -o /dev/null "http://127.0.0.1:${GATEWAY_PORT}/" || exit 1
CMD ["nginx", "-g", "daemon off;"]
