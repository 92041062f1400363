import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * scripts/rolling-restart.sh against a stand-in `docker` that records its calls: the compose services of compose.yaml's
 * shape, a gateway healthy once it has been replaced (or never, or a failing migration, as a case asks).
 */
const scratch = mkdtempSync(join(tmpdir(), 'pcb-rolling-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const fakeDocker = `#!/usr/bin/env bash
echo "$*" >> "$FAKE_DOCKER_LOG"
case "$1 $2" in
  "compose config") printf '%s\\n' db migrate gateway-a gateway-b proxy ;;
  "compose run") exit "\${FAKE_MIGRATE_STATUS:-0}" ;;
  "compose ps") echo "id-\${@: -1}" ;;
  "inspect -f")
    service=\${@: -1}; service=\${service#id-}
    if grep -qx "compose up -d --no-deps --no-build --force-recreate $service" "$FAKE_DOCKER_LOG" && [[ " $FAKE_NEVER_READY " != *" $service "* ]]; then
      echo healthy
    else
      echo starting
    fi ;;
esac
`;

let runs = 0;
function roll(args: string[], env: Record<string, string> = {}) {
  const folder = join(scratch, String((runs += 1)));
  mkdirSync(join(folder, 'bin'), { recursive: true });
  writeFileSync(join(folder, 'bin', 'docker'), fakeDocker);
  chmodSync(join(folder, 'bin', 'docker'), 0o755);
  const log = join(folder, 'docker.log');
  writeFileSync(log, '');
  const result = spawnSync('scripts/rolling-restart.sh', args, {
    encoding: 'utf8', timeout: 30_000,
    env: {
      ...process.env, PATH: `${join(folder, 'bin')}:${process.env.PATH ?? ''}`, FAKE_DOCKER_LOG: log,
      READY_TIMEOUT_SECONDS: '1', READY_POLL_SECONDS: '1', PROXY_SETTLE_SECONDS: '0', ...env,
    },
  });
  const calls = readFileSync(log, 'utf8').trim().split('\n');
  return { status: result.status, output: result.stdout + result.stderr, calls };
}

const replaced = (service: string) => `compose up -d --no-deps --no-build --force-recreate ${service}`;

describe('scripts/rolling-restart.sh', () => {
  it('builds, migrates once, then replaces one gateway at a time, each after the one before reports ready', () => {
    const { status, output, calls } = roll([]);
    expect(status, output).toBe(0);
    expect(calls.slice(0, 4)).toEqual(['compose config --services', 'compose build migrate', 'compose run --rm --no-deps migrate', replaced('gateway-a')]);
    const a = calls.indexOf(replaced('gateway-a'));
    const b = calls.indexOf(replaced('gateway-b'));
    expect(b).toBeGreaterThan(a);
    expect(calls.slice(a, b)).toContain(`inspect -f {{if .State.Health}}{{.State.Health.Status}}{{else}}none{{end}} id-gateway-a`);
    expect(calls.filter((call) => call.startsWith('compose up'))).toEqual([replaced('gateway-a'), replaced('gateway-b')]);
    expect(output).toContain('done: gateway-a gateway-b replaced one at a time');
  });

  it('skips the build with --no-build', () => {
    const { status, calls } = roll(['--no-build']);
    expect(status).toBe(0);
    expect(calls).not.toContain('compose build migrate');
    expect(calls).toContain(replaced('gateway-b'));
  });

  it('stops the roll when a replaced gateway never reports ready, leaving the next one serving', () => {
    const { status, output, calls } = roll([], { FAKE_NEVER_READY: 'gateway-a' });
    expect(status).not.toBe(0);
    expect(output).toContain('gateway-a is not ready after 1 s (health: starting)');
    expect(calls).not.toContain(replaced('gateway-b'));
  });

  it('replaces no gateway when the migrations fail', () => {
    const { status, calls } = roll([], { FAKE_MIGRATE_STATUS: '1' });
    expect(status).not.toBe(0);
    expect(calls.some((call) => call.startsWith('compose up'))).toBe(false);
  });
});
