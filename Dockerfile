# PCB Portal: the gateway serving the built app and the API (docs/operations.md, "Deployment").
# Build: docker build --build-arg VITE_WIZARD_VIDEO_URL=… -t pcb-portal .   Run: compose.yaml.
# The image speaks plain http on 8080: TLS ends at a proxy in front (compose.yaml's Caddy).
# Node is pinned to one release (the npm registry's `node` package has the same, for machines without the image).

# 1. Build stage: dev tools (Vite, esbuild, tsx) compile the app into dist/ and the gateway into dist-server/, then
# list the packages dist-server loads (scripts/runtime-packages.ts) with the lock file pruned to them.
FROM node:24.21.0-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# The vendored tracespace packages are installed from the repository (package.json's file: dependencies).
COPY vendor ./vendor
RUN npm ci --no-audit --no-fund
COPY . .
# The app's build bakes the video address in; the runtime stage hands the same to the gateway (its CSP frames it).
ARG VITE_WIZARD_VIDEO_URL=
RUN npm run build && npx tsx scripts/runtime-packages.ts dist-server runtime

# 2. Runtime stage: the packages the gateway loads and the two build folders; no browser packages, no TypeScript.
FROM node:24.21.0-bookworm-slim
ARG VITE_WIZARD_VIDEO_URL=
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    SEED_DEMO=0 \
    DATA_DIR=/var/lib/pcb-portal \
    FILE_STORE_DIR=/var/lib/pcb-portal/files \
    MALLOC_ARENA_MAX=2 \
    VITE_WIZARD_VIDEO_URL=$VITE_WIZARD_VIDEO_URL
WORKDIR /app
# The runtime folder holds the pruned package.json and lock file, and the vendored packages they install from.
COPY --from=build /app/runtime/ ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY --from=build /app/dist-server ./dist-server
# The image's unprivileged user owns only the data folder; a volume mounted there starts with this owner.
RUN mkdir -p /var/lib/pcb-portal/files && chown -R node:node /var/lib/pcb-portal
USER node
EXPOSE 8080
VOLUME ["/var/lib/pcb-portal"]
# Ready, not merely alive: compose's rolling restart and depends_on wait for it (docs/operations.md).
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --start-interval=2s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/api/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM goes straight to node (no shell in between), which drains and exits.
CMD ["node", "--enable-source-maps", "dist-server/main.mjs"]
