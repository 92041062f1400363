# PCB Portal: the gateway serving the built app and the API (README, "Production").
# Build: docker build -t pcb-portal .   Run: compose.yaml, or docker run with the settings of the README.
# The image speaks plain http on 8080: TLS ends at a proxy in front (compose.yaml's Caddy). With PUBLIC_URL on https,
# or X-Forwarded-Proto: https from a proxy TRUST_PROXY names, the gateway adds Strict-Transport-Security itself.

# 1. Build stage: dev tools (Vite, esbuild, tsx) compile the app into dist/ and the gateway into dist-server/.
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# The vendored tracespace packages are installed from the repository (package.json's file: dependencies).
COPY vendor ./vendor
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. Runtime stage: runtime packages only (npm ci --omit=dev) and the two build folders; no TypeScript at run time.
FROM node:24-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    SEED_DEMO=0 \
    DATA_DIR=/var/lib/pcb-portal \
    FILE_STORE_DIR=/var/lib/pcb-portal/files
WORKDIR /app
COPY package.json package-lock.json ./
COPY vendor ./vendor
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY --from=build /app/dist-server ./dist-server
# The image's unprivileged user owns only the data folder; a volume mounted there starts with this owner.
RUN mkdir -p /var/lib/pcb-portal/files && chown -R node:node /var/lib/pcb-portal
USER node
EXPOSE 8080
VOLUME ["/var/lib/pcb-portal/files"]
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM goes straight to node (no shell in between), which drains and exits.
CMD ["node", "--enable-source-maps", "dist-server/main.mjs"]
