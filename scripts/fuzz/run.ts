import type { AddressInfo } from 'node:net';
import { createGateway, type Gateway } from '../../server/app';
import { contractCalls, type AnyCall } from './calls';
import { knownValues, textValues } from './known';
import { mutateRequest, type FuzzRequest } from './mutate';
import { createRandom, seedFor } from './random';
import { changedTables, createSnapshotter, type Snapshot } from './snapshot';

export interface FuzzOptions {
  seed: number;
  /** Requests per call. */
  count: number;
  /** No answer within this long counts as a hang. */
  timeoutMs?: number;
  /** Only the calls whose path contains this. */
  only?: string;
  onCallDone?: (report: CallReport) => void;
}

export interface Finding {
  index: number;
  kind: string;
  problem: '5xx' | 'hang' | 'partial write';
  status: number | null;
  detail: string;
  request: string;
}

export interface CallReport {
  call: string;
  /** False when the gateway has no route for the call: every request would be an unknown path's 404. */
  registered: boolean;
  sent: number;
  ok: number;
  refused: number;
  serverErrors: number;
  hangs: number;
  partialWrites: number;
  findings: Finding[];
}

export interface FuzzReport { seed: number; count: number; calls: CallReport[]; elapsedMs: number }

const OPERATOR_KEY = 'fuzz-operator-key-fuzz-operator-key';
const DEMO = { login: 'demo@example.ru', password: 'demo12345' };

/**
 * Writes a refused request makes on purpose, not partial writes: a refused attempt still counts against its rate
 * limit, and a wrong code still uses up one of the process's attempts (docs/decisions.md "Bad input and headers").
 */
const WRITES_OF_A_REFUSAL = new Set(['rate_limits', 'auth_processes']);

/** The JSON object of a request the gateway accepted, to mutate again later. */
function acceptedBody(request: FuzzRequest): unknown {
  if (typeof request.body !== 'string') return undefined;
  try {
    const body: unknown = JSON.parse(request.body);
    return body && typeof body === 'object' && !Array.isArray(body) ? body : undefined;
  } catch {
    return undefined;
  }
}

const preview = (request: FuzzRequest) => {
  const body = request.body === undefined ? '' : typeof request.body === 'string' ? request.body : Buffer.from(request.body).toString('latin1');
  const text = `${request.query ? `?${request.query} ` : ''}${request.contentType ?? ''} ${body}`;
  return text.length > 300 ? `${text.slice(0, 300)}… (${text.length} chars)` : text;
};

async function startFuzzGateway(): Promise<{ gateway: Gateway; base: string }> {
  // A frozen clock: no code, token or rate window expires mid-run, so nothing changes the tables but the requests.
  const frozen = new Date();
  const gateway = await createGateway({
    dataDir: 'memory://', logger: false, staticDir: null, production: false, seedDemo: true, orderSimulatorSeconds: 0,
    jwtSecret: 'fuzz-secret-fuzz-secret-fuzz-secret', operatorKey: OPERATOR_KEY, now: () => frozen,
    // No sign-in pause: a wrong password slowed down by design is not a hang, and the run would only wait.
    rateLimits: { perLogin: 10_000_000, perAddress: 10_000_000, loginDelayMaxMs: 0 },
  });
  await gateway.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = gateway.app.server.address() as AddressInfo;
  return { gateway, base: `http://127.0.0.1:${port}/api` };
}

/** Sends `count` mutated requests to every call of the contract and counts 5xx answers, hangs and partial writes. */
export async function runFuzz(options: FuzzOptions): Promise<FuzzReport> {
  const started = Date.now();
  const timeoutMs = options.timeoutMs ?? 5000;
  const calls = (await contractCalls()).filter((call) => !options.only || call.path.includes(options.only));
  const { gateway, base } = await startFuzzGateway();
  const snapshot = await createSnapshotter(gateway.db);
  let token = '';
  const signIn = async () => {
    const answer = await fetch(`${base}/Authentification/Login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ fingerprint: 'fuzz', ...DEMO }),
    });
    const body = (await answer.json()) as { accessToken?: string };
    if (!body.accessToken) throw new Error(`the fuzz could not sign in: ${answer.status} ${JSON.stringify(body)}`);
    token = body.accessToken;
  };
  const send = async (call: AnyCall, request: FuzzRequest): Promise<{ status: number; text: string } | null> => {
    const headers: Record<string, string> = {};
    if (call.access === 'user' || call.access === 'refresh') headers.authorization = `Bearer ${token}`;
    if (call.access === 'operator') headers.authorization = `Operator ${OPERATOR_KEY}`;
    if (request.contentType !== undefined) headers['content-type'] = request.contentType;
    try {
      const answer = await fetch(`${base}${call.path}${request.query ? `?${request.query}` : ''}`, {
        method: call.method, headers, signal: AbortSignal.timeout(timeoutMs),
        ...(request.body === undefined ? {} : { body: typeof request.body === 'string' ? request.body : Buffer.from(request.body) }),
      });
      return { status: answer.status, text: await answer.text() };
    } catch (error) {
      if ((error as Error).name === 'TimeoutError') return null;
      throw error;
    }
  };

  const reports: CallReport[] = [];
  try {
    await signIn();
    const texts = await textValues(gateway.db);
    for (const call of calls) {
      const report: CallReport = {
        call: `${call.method} ${call.path}`,
        registered: gateway.app.hasRoute({ method: call.method, url: `/api${call.path}` }),
        sent: 0, ok: 0, refused: 0, serverErrors: 0, hangs: 0, partialWrites: 0, findings: [],
      };
      const random = createRandom(seedFor(options.seed, report.call));
      let before: Snapshot | null = null;
      let known = await knownValues(gateway.db, call, texts);
      const accepted: unknown[] = [];
      for (let index = 0; index < options.count; index += 1) {
        // Rows come and go as the call succeeds: what the bodies name is read again now and then.
        if (index > 0 && index % 25 === 0) known = await knownValues(gateway.db, call, texts);
        const request = mutateRequest(random, call, known, accepted);
        before ??= await snapshot();
        const answer = await send(call, request);
        report.sent += 1;
        const finding = (problem: Finding['problem'], detail: string) =>
          report.findings.push({ index, kind: request.kind, problem, status: answer?.status ?? null, detail, request: preview(request) });
        if (answer === null) {
          report.hangs += 1;
          finding('hang', `no answer in ${timeoutMs} ms`);
          before = null;
        } else if (answer.status >= 500) {
          report.serverErrors += 1;
          finding('5xx', answer.text.slice(0, 300));
          before = null;
        } else if (answer.status >= 400) {
          report.refused += 1;
          const after = await snapshot();
          const changed = changedTables(before, after).filter((table) => !WRITES_OF_A_REFUSAL.has(table));
          if (changed.length) {
            report.partialWrites += 1;
            finding('partial write', `${answer.status} ${answer.text.slice(0, 200)}; changed: ${changed.join(', ')}`);
          }
          before = after;
          // The call ended the fuzz's own session (Logout, a terminated session, a rotated token): sign in again.
          // Staff calls are sent without a staff token: their 401 is the answer, not a lost session.
          if (answer.status === 401 && (call.access === 'user' || call.access === 'refresh')) {
            await signIn();
            before = null;
          }
        } else {
          report.ok += 1;
          before = null;
          const body = acceptedBody(request);
          if (body !== undefined && accepted.length < 20) accepted.push(body);
        }
      }
      reports.push(report);
      options.onCallDone?.(report);
    }
  } finally {
    await gateway.close();
  }
  return { seed: options.seed, count: options.count, calls: reports, elapsedMs: Date.now() - started };
}
