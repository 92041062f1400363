import { describe, expect, it } from 'vitest';
import { figures, type OpenResult } from '../../scripts/bench-lists-open';
import { firstMinuteLines, floorRatioLines, floorRatios, newConnectionLines } from '../../scripts/bench-lists-report';


/** A run with the given p99 (every latency the same) and probe figures. */
function run(kind: OpenResult['kind'], rate: number, p99: number, probe: { call?: number[]; signIn?: number[]; callFailed?: number } = {}): OpenResult {
  const latency = figures([p99]);
  return {
    kind, rate, latency, ok: latency, errors: 0, busy: 0, timeouts: 0, firstError: null,
    probeCall: figures(probe.call ?? []), probeSignIn: figures(probe.signIn ?? []), probeBusy: 0, probeFailures: 0,
    probeCallMs: probe.call ?? [], probeSignInMs: probe.signIn ?? [], probeCallFailed: probe.callFailed ?? 0,
    cores: { generator: null, gateways: null, database: null }, windows: [p99], load: [1.5, 1.25, 1],
  };
}

describe('the gateways p99 over the floor p99', () => {
  it('pairs each measured rate with the floor at the same rate, warm-ups left out', () => {
    const ratios = floorRatios([run('warmup', 300, 170), run('open', 300, 32.7), run('open', 400, 73.1)],
      [run('warmup', 300, 90), run('open', 300, 10.9), run('open', 400, 24.4)]);
    expect(ratios).toEqual([{ rate: 300, gatewayP99: 32.7, floorP99: 10.9 }, { rate: 400, gatewayP99: 73.1, floorP99: 24.4 }]);
    const lines = floorRatioLines(ratios, { rate: 400, p99Ms: 50 });
    expect(lines).toContain('   300: 32.7 ms / 10.9 ms = 3.0×');
    expect(lines).toContain('   400: 73.1 ms / 24.4 ms = 3.0×');
    expect(lines.at(-1)).toBe('The floor\'s p99 at 400 requests/s is 24.4 ms, within the 50 ms target: the gateways add 48.7 ms to it.');
  });

  it('says the target is out of reach when the floor alone is over it, and names a rate the floor did not run', () => {
    const lines = floorRatioLines(floorRatios([run('open', 300, 40), run('open', 400, 90)], [run('open', 400, 60)]), { rate: 400, p99Ms: 50 });
    expect(lines).toContain('   300: 40.0 ms / not measured');
    expect(lines.at(-1)).toMatch(/^The floor's own p99 at 400 requests\/s is 60\.0 ms, over the 50 ms target: out of reach here/);
    expect(floorRatioLines([], { rate: 400, p99Ms: 50 }).at(-1)).toBe('The floor at 400 requests/s: not measured.');
  });
});

describe('new connections while the load runs', () => {
  const alone = run('alone', 0, 0, { call: [3], signIn: [61] });

  it('is met on the signed-in call p99 over the rates up to the target, however slow the sign-in', () => {
    // 100 calls: 99 at 40 ms and one at 180 ms — the p99 is 40 ms, though the max is over 100.
    const calls = [...Array.from({ length: 99 }, () => 40), 180];
    const lines = newConnectionLines([alone, run('open', 300, 30, { call: calls.slice(0, 50), signIn: [250] }),
      run('open', 400, 70, { call: calls.slice(50), signIn: [262] }), run('open', 500, 900, { call: [5000], signIn: [9000] })], 400);
    expect(lines[0]).toBe('New connections while the load runs at up to 400 requests/s (2 rates, 100 signed-in calls on new connections):');
    expect(lines[1]).toBe('  target, a signed-in call on a new connection p99 ≤ 100 ms: met (p99 40.0 ms, max 180.0 ms, 0 shed, failed or unanswered).');
    expect(lines[2]).toContain('a sign-in on a new connection: p99 262.0 ms, max 262.0 ms; its password hashing with no load takes 61.0 ms');
  });

  it('is missed when the p99 is over 100 ms or a signed-in call was shed, failed or unanswered', () => {
    expect(newConnectionLines([run('open', 150, 20, { call: [20, 120] })], 150)[1]).toContain(': MISSED (p99 120.0 ms');
    expect(newConnectionLines([run('open', 150, 20, { call: [20], callFailed: 1 })], 150)[1]).toContain(': MISSED (p99 20.0 ms, max 20.0 ms, 1 shed');
    expect(newConnectionLines([run('open', 150, 20)], 150)[1]).toContain(': MISSED');
    expect(newConnectionLines([run('open', 300, 20, { call: [5] })], 150)).toEqual([]);
  });

  it('says when the hashing floor was not measured', () => {
    expect(newConnectionLines([run('open', 150, 20, { call: [5], signIn: [70] })], 150)[2]).toContain('was not measured');
  });
});

describe('the first minute after the start', () => {
  it('is printed beside the warm run at the same rate, with the load average of each', () => {
    const first = { ...run('first', 150, 824), windows: [824, 60, 20.5], busy: 11, errors: 11 };
    const lines = firstMinuteLines([first, run('open', 100, 15), run('open', 150, 21.6)]);
    expect(lines).toEqual([
      'First minute after the start at 150 requests/s: p50 824.0 ms, p99 824.0 ms, 11 errors (11 busy) — load average 1.50 1.25 1.00',
      '  p99 by 10 s: 824.0, 60.0, 20.5 ms',
      'Warm, at the same rate:                       p50 21.6 ms, p99 21.6 ms, 0 errors (0 busy) — load average 1.50 1.25 1.00',
    ]);
  });

  it('says so when the same rate was not measured warm, and prints nothing without a first minute', () => {
    expect(firstMinuteLines([run('first', 150, 30), run('open', 100, 15)]).at(-1)).toContain('not measured');
    expect(firstMinuteLines([run('open', 150, 21.6)])).toEqual([]);
  });
});
