/**
 * The judgements `npm run bench:lists` prints under its open-loop tables, kept pure so they are tested: the gateways'
 * p99 against the floor's (the same statements served by bare routes) at each rate, and the new-connection target.
 */
import { figures, WINDOW_SECONDS, type OpenResult } from './bench-lists-open';

/** New connections answered within this many ms while the load runs. */
export const NEW_CONNECTION_MS = 100;

export interface FloorRatio { rate: number; gatewayP99: number; floorP99: number | null }

/** Per rate the gateways measured: their p99 and the floor's at the same rate (null where the floor did not run it). */
export function floorRatios(gateways: OpenResult[], floor: OpenResult[]): FloorRatio[] {
  return gateways.filter((run) => run.kind === 'open').map((run) => ({
    rate: run.rate, gatewayP99: run.latency.p99,
    floorP99: floor.find((other) => other.kind === 'open' && other.rate === run.rate)?.latency.p99 ?? null,
  }));
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

/**
 * The ratio per rate, then what the floor says of the target: a floor whose own p99 is over it shows the target out of
 * reach of this database on this machine whatever the gateway does; under it, the rest is the gateway's.
 */
export function floorRatioLines(ratios: FloorRatio[], target: { rate: number; p99Ms: number }): string[] {
  const lines = ['gateway p99 / floor p99 per rate:'];
  for (const { rate, gatewayP99, floorP99 } of ratios) {
    lines.push(`${String(rate).padStart(6)}: ${ms(gatewayP99)} / ${floorP99 === null ? 'not measured'
      : `${ms(floorP99)} = ${floorP99 > 0 ? `${(gatewayP99 / floorP99).toFixed(1)}×` : '—'}`}`);
  }
  const atTarget = ratios.find((ratio) => ratio.rate === target.rate);
  if (atTarget?.floorP99 === null || atTarget === undefined) {
    lines.push(`The floor at ${target.rate} requests/s: not measured.`);
  } else if (atTarget.floorP99 > target.p99Ms) {
    lines.push(`The floor's own p99 at ${target.rate} requests/s is ${ms(atTarget.floorP99)}, over the ${target.p99Ms} ms target:`
      + ' out of reach here with no gateway code at all (the same statements, the same pool, the same machine).');
  } else {
    lines.push(`The floor's p99 at ${target.rate} requests/s is ${ms(atTarget.floorP99)}, within the ${target.p99Ms} ms target:`
      + ` the gateways add ${ms(Math.max(0, atTarget.gatewayP99 - atTarget.floorP99))} to it.`);
  }
  return lines;
}

/**
 * Lead's decision (docs/decisions.md): new connections are judged by the probe's signed-in call on a new connection,
 * p99 ≤ 100 ms with none shed, failed or unanswered, under the load of the target rate and the rates below it. The
 * sign-in is printed for information beside its password hashing with no load, a floor no load removes.
 */
export function newConnectionLines(results: OpenResult[], targetRate: number): string[] {
  const underLoad = results.filter((run) => run.kind === 'open' && run.rate <= targetRate);
  if (underLoad.length === 0) return [];
  const call = figures(underLoad.flatMap((run) => run.probeCallMs));
  const signIn = figures(underLoad.flatMap((run) => run.probeSignInMs));
  const failed = underLoad.reduce((total, run) => total + run.probeCallFailed, 0);
  const met = failed === 0 && call.count > 0 && call.p99 <= NEW_CONNECTION_MS;
  const hashing = results.find((run) => run.kind === 'alone')?.probeSignIn.p50;
  return [
    `New connections while the load runs at up to ${targetRate} requests/s (${underLoad.length} ${underLoad.length === 1 ? 'rate' : 'rates'}, ${call.count} signed-in calls on new connections):`,
    `  target, a signed-in call on a new connection p99 ≤ ${NEW_CONNECTION_MS} ms: ${met ? 'met' : 'MISSED'}`
      + ` (p99 ${ms(call.p99)}, max ${ms(call.max)}, ${failed} shed, failed or unanswered).`,
    `  for information, a sign-in on a new connection: p99 ${ms(signIn.p99)}, max ${ms(signIn.max)}; its password hashing`
      + ` with no load ${hashing === undefined ? 'was not measured' : `takes ${ms(hashing)} (the probe's sign-in alone, p50)`},`
      + ' a floor no load removes.',
  ];
}

const loadText = (load: number[]) => load.map((value) => value.toFixed(2)).join(' ');
const runText = (run: OpenResult) => `p50 ${run.latency.p50.toFixed(1)} ms, p99 ${run.latency.p99.toFixed(1)} ms, `
  + `${run.errors + run.timeouts} errors (${run.busy} busy) — load average ${loadText(run.load)}`;

/** The first minute after the start beside the same rate once warm: what a rolling restart shows its users. */
export function firstMinuteLines(results: OpenResult[]): string[] {
  const first = results.find((result) => result.kind === 'first');
  if (!first) return [];
  const warm = results.find((result) => result.kind === 'open' && result.rate === first.rate);
  return [
    `First minute after the start at ${first.rate} requests/s: ${runText(first)}`,
    `  p99 by ${WINDOW_SECONDS} s: ${first.windows.map((p99) => p99.toFixed(1)).join(', ')} ms`,
    warm ? `Warm, at the same rate:                       ${runText(warm)}`
      : `Warm, at the same rate: not measured (not in BENCH_OPEN_RATES, or an earlier rate failed).`,
  ];
}
