# syntax=docker/dockerfile:1
# salesgym image: the static bundle behind nginx (README "Deployment").
#   docker build -t salesgym:all .                                      combined: every gym + the launcher
#   docker build -t salesgym:hubspot --build-arg SALESGYM_PLATFORM=hubspot .   standalone: one gym
# Stage 1 builds the bundle with Node; stage 2 is nginx on Alpine holding only the bundle, the nginx templates
# and the entrypoint. nginx runs as the unprivileged `nginx` user on port 8080.

ARG NODE_IMAGE=node:20.20-bookworm-slim
ARG NGINX_IMAGE=nginx:1.28-alpine-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
# all | hubspot | salesnav | outreach | calendly (gyms/deployment.ts); baked into the bundle at build time.
ARG SALESGYM_PLATFORM=all
# Origin of the state store when it is not the page's own (empty: each deployment serves /state/ itself).
ARG SALESGYM_STATE_ORIGIN=
ENV SALESGYM_PLATFORM=${SALESGYM_PLATFORM} \
    SALESGYM_STATE_ORIGIN=${SALESGYM_STATE_ORIGIN} \
    CI=true
# Dependencies first (cached while package*.json do not change); `prepare` runs harness/link-bin.js.
COPY package.json package-lock.json ./
COPY harness/link-bin.js harness/link-bin.js
RUN npm ci --no-audit --no-fund
COPY svelte.config.js vite.config.ts tsconfig.json ./
COPY src src
COPY sw sw
COPY gyms gyms
COPY verifier verifier
COPY blueprints blueprints
COPY seeds seeds
COPY static static
RUN npm run build

FROM ${NGINX_IMAGE}
ARG SALESGYM_PLATFORM=all
ARG SALESGYM_STATE_ORIGIN=
# The entrypoint reads these; SALESGYM_PLATFORM must stay the one the bundle was built with.
ENV SALESGYM_PLATFORM=${SALESGYM_PLATFORM} \
    SALESGYM_STATE_ORIGIN=${SALESGYM_STATE_ORIGIN} \
    SALESGYM_LISTEN=8080 \
    SALESGYM_ROOT=/usr/share/nginx/html \
    SALESGYM_STATE_ROOT=/var/lib/salesgym \
    SALESGYM_RUN_DIR=/tmp/salesgym-nginx \
    SALESGYM_TEMPLATES=/etc/salesgym/nginx
RUN rm -rf /usr/share/nginx/html /etc/nginx/conf.d/default.conf \
    && mkdir -p /var/lib/salesgym/state \
    && chown -R nginx:nginx /var/lib/salesgym
COPY deploy/nginx/ /etc/salesgym/nginx/
COPY --chmod=755 deploy/entrypoint.sh /usr/local/bin/salesgym-nginx
COPY --from=build /app/build /usr/share/nginx/html
USER nginx
EXPOSE 8080
VOLUME ["/var/lib/salesgym"]
HEALTHCHECK --interval=30s --timeout=3s --start-period=5s --retries=3 \
    CMD wget -q -O /dev/null http://127.0.0.1:8080/healthz || exit 1
ENTRYPOINT ["/usr/local/bin/salesgym-nginx"]
