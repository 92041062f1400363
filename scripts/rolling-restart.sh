#!/usr/bin/env bash
# Rolls the compose deployment onto a new build (or restarts it) one gateway at a time (docs/operations.md,
# "Rolling update"): build the image, migrate once, then replace each gateway and wait until Docker reports it ready
# (its health check is /api/ready) and Caddy has probed it, before the next one stops. The other gateway serves meanwhile.
# Usage: scripts/rolling-restart.sh [--no-build]
set -euo pipefail
cd "$(dirname "$0")/.."

# How long a replaced gateway may take to report ready before the roll stops (the other gateways keep serving).
READY_TIMEOUT_SECONDS=${READY_TIMEOUT_SECONDS:-120}
READY_POLL_SECONDS=${READY_POLL_SECONDS:-2}
# Longer than Caddy's health_interval (deploy/Caddyfile), so the proxy counts the new gateway in before the next goes.
PROXY_SETTLE_SECONDS=${PROXY_SETTLE_SECONDS:-5}

say() { printf '%s rolling-restart: %s\n' "$(date -u +%H:%M:%S)" "$*"; }

# The gateways are the services named gateway-*, in compose.yaml's order.
mapfile -t gateways < <(docker compose config --services | grep '^gateway-')
[ ${#gateways[@]} -gt 0 ] || { say 'compose.yaml names no gateway-* service'; exit 1; }

if [ "${1:-}" != "--no-build" ]; then
  say 'building the image (the running gateways keep theirs)'
  docker compose build migrate
fi

say 'applying the migrations once'
docker compose run --rm --no-deps migrate

wait_ready() {
  local service=$1 waited=0 id status
  while :; do
    id=$(docker compose ps -q "$service")
    status=$(if [ -n "$id" ]; then docker inspect -f '{{if .State.Health}}{{.State.Health.Status}}{{else}}none{{end}}' "$id"; else echo missing; fi)
    [ "$status" = healthy ] && return 0
    if [ "$waited" -ge "$READY_TIMEOUT_SECONDS" ]; then
      say "$service is not ready after ${READY_TIMEOUT_SECONDS} s (health: $status); stopping the roll, the others still serve"
      say "see: docker compose logs --tail 100 $service"
      return 1
    fi
    sleep "$READY_POLL_SECONDS"
    waited=$((waited + READY_POLL_SECONDS))
  done
}

for service in "${gateways[@]}"; do
  say "replacing $service (SIGTERM: it drains, Caddy retries its requests on the others)"
  docker compose up -d --no-deps --no-build --force-recreate "$service"
  wait_ready "$service"
  say "$service is ready"
  sleep "$PROXY_SETTLE_SECONDS"
done
say "done: ${gateways[*]} replaced one at a time"
