import { create } from 'superstruct';
import { isOneOf } from '../src/contract/fields';
import {
  ORDER_ACTIONS, REQUEST_STATUSES, operatorComplaintStatus, operatorOrderAction, operatorOrderNext, operatorRecount,
  type CountRepair,
} from '../src/contract/orders';
import { BANKS_USAGE, runBanksCommand } from './banks/refresh';
import { OPERATOR_KEY_FILE } from './auth/operator-key';
import { callOperator } from './operator-client';

const USAGE = `Usage:
  npm run ops -- order <id|number> <action> [--reason "…"] [--tracking "…"]
    Applies an action of the order lifecycle: ${ORDER_ACTIONS.join(', ')}.
    hold needs --reason (the customer sees it); cancel takes an optional --reason; ship takes --tracking.
  npm run ops -- order <id|number> next
    The next step of the usual path: checking → approve, held → release, waiting for payment → pay,
    producing → finish, in stock → ship (with a made-up tracking number).
  npm run ops -- complaint <id> <status> [--resolution "…"]
    Answers a complaint: ${REQUEST_STATUSES.filter((status) => status !== 'new' && status !== 'canceled').join(', ')}.
${BANKS_USAGE}
  npm run ops -- recount
    Recomputes every kept count (orders, invoices and positions per client, each order's line count) from the rows,
    repairs the ones that drifted and prints each change ('order_counts client 12 'waiting_for_payment': 0 → 1'),
    or 'no drift'.

The order, complaint and recount commands talk to the running gateway at OPS_URL (default http://127.0.0.1:$PORT, PORT
8080) with the operator key from OPS_KEY, or else from <data folder>/${OPERATOR_KEY_FILE} (DATA_DIR, default ./data), which the gateway writes when it
starts. With PostgreSQL (DATABASE_URL) start the gateway with OPERATOR_KEY and pass the same key as OPS_KEY.
Prints the new state in one line; exit code 1 when the gateway refuses, 2 on a usage error.`;

class UsageError extends Error {}

/** Operands and `--name value` options, in any order. */
function parseArgs(args: string[]): { operands: string[]; options: Map<string, string> } {
  const operands: string[] = [];
  const options = new Map<string, string>();
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] ?? '';
    if (!arg.startsWith('--')) {
      operands.push(arg);
      continue;
    }
    const value = args[index + 1];
    if (value === undefined || value.startsWith('--')) throw new UsageError(`${arg} needs a value`);
    options.set(arg.slice(2), value);
    index += 1;
  }
  return { operands, options };
}

function checkOptions(options: Map<string, string>, allowed: string[]): void {
  const unknown = [...options.keys()].find((name) => !allowed.includes(name));
  if (unknown !== undefined) throw new UsageError(`Unknown option --${unknown}`);
}

const isAction = isOneOf(ORDER_ACTIONS);
const isRequestStatus = isOneOf(REQUEST_STATUSES);

interface Request { path: string; kind: 'order' | 'complaint' | 'recount'; body: Record<string, unknown> }

function requestOf(args: string[]): Request {
  const { operands, options } = parseArgs(args);
  const [kind, target, verb, ...extra] = operands;
  if (kind === 'recount') {
    if (operands.length > 1) throw new UsageError('recount takes no operands');
    checkOptions(options, []);
    return { path: operatorRecount.path, kind: 'recount', body: {} };
  }
  if (!target || !verb || extra.length > 0) throw new UsageError('');
  if (kind === 'order' && verb === 'next') {
    checkOptions(options, []);
    return { path: operatorOrderNext.path, kind: 'order', body: { order: target } };
  }
  if (kind === 'order') {
    if (!isAction(verb)) throw new UsageError(`Unknown action "${verb}"; known: ${ORDER_ACTIONS.join(', ')}, next`);
    checkOptions(options, ['reason', 'tracking']);
    const reason = options.get('reason');
    const tracking = options.get('tracking');
    return {
      path: operatorOrderAction.path, kind: 'order',
      body: { order: target, action: verb, ...(reason === undefined ? {} : { reason }), ...(tracking === undefined ? {} : { trackingNumber: tracking }) },
    };
  }
  if (kind === 'complaint') {
    if (!isRequestStatus(verb)) throw new UsageError(`Unknown status "${verb}"; known: ${REQUEST_STATUSES.join(', ')}`);
    const complaintId = Number(target);
    if (!Number.isSafeInteger(complaintId) || complaintId < 1) throw new UsageError('<id> of a complaint is a positive whole number');
    checkOptions(options, ['resolution']);
    const resolution = options.get('resolution');
    return { path: operatorComplaintStatus.path, kind: 'complaint', body: { complaintId, status: verb, ...(resolution === undefined ? {} : { resolution }) } };
  }
  throw new UsageError('');
}

const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/** A line per repaired count: "order_counts client 12 'waiting_for_payment': 0 → 1"; 'no drift' when none. */
function describeRepairs(repairs: readonly CountRepair[]): string {
  if (repairs.length === 0) return 'no drift';
  const lines = repairs.map((repair) => `${repair.table} client ${repair.clientId} '${repair.key}': ${repair.from} → ${repair.to}`);
  return [...lines, `${repairs.length} kept count${repairs.length === 1 ? '' : 's'} repaired`].join('\n');
}

/** One line: 'ПП-2026-00012 (id 12): in_progress, held: <reason>' or 'complaint 3: completed — <resolution>'. */
function describe(answer: Record<string, unknown>, kind: Request['kind']): string {
  if (kind === 'recount') return describeRepairs(create(answer, operatorRecount.response).repairs);
  if (kind === 'complaint') {
    const resolution = text(answer.resolution);
    return `complaint ${text(answer.id)}: ${text(answer.status)}${resolution ? ` — ${resolution}` : ''}`;
  }
  const parts = [text(answer.status)];
  if (answer.holdReason) parts.push(`held: ${text(answer.holdReason)}`);
  if (answer.trackingNumber) parts.push(`tracking ${text(answer.trackingNumber)}`);
  return `${text(answer.number)} (id ${text(answer.id)}): ${parts.join(', ')}`;
}

async function main(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  // Works on files, without the gateway.
  if (args[0] === 'banks') return runBanksCommand(args.slice(1), env);
  let request: Request;
  try {
    request = requestOf(args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    if (error.message) console.error(error.message);
    console.error(USAGE);
    return 2;
  }
  const answer = await callOperator(env, request.path, request.body);
  if (!answer.ok) {
    console.error(`${answer.status}: ${text(answer.body.error) || answer.statusText}`);
    return 1;
  }
  console.log(describe(answer.body, request.kind));
  return 0;
}

main(process.argv.slice(2), process.env).then((code) => process.exit(code), (error: unknown) => {
  const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
  console.error(`${error instanceof Error ? error.message : String(error)}${cause}`);
  process.exit(1);
});
