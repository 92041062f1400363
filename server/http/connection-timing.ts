/**
 * Timings the deployment files are ordered against (tests/unit/deploy-files.test.ts reads them from here): the proxy
 * closes its idle connections to a gateway before the gateway's keep-alive timeout, and the orchestrator (compose's
 * stop_grace_period, systemd's TimeoutStopSec) waits longer after SIGTERM than the gateway's drain may take.
 */

/** How long the gateway keeps an idle keep-alive connection open (Fastify's default, stated so the proxy can undercut it). */
export const KEEP_ALIVE_TIMEOUT_MS = 72_000;

/** The longest the drain after SIGTERM takes: past it the gateway exits with 1, before the orchestrator's SIGKILL. */
export const SHUTDOWN_DEADLINE_MS = 10_000;
