import { create } from 'superstruct';
import { STAFF_ROLES } from '../src/contract/call';
import { isOneOf } from '../src/contract/fields';
import { operatorStaffCreate } from '../src/contract/staff';
import { operatorStrangerKey } from '../src/contract/staff-orders';
import { resolveConfig } from './config';
import { callOperator } from './operator-client';
import { openDatabase, type Db } from './db/connect';
import { findUserByLogin, parseLogin } from './auth/login-id';
import { createNotification, createNotifications, NotificationContentError } from './notifications/create';
import { variedNotificationDrafts } from './seed/demo-notifications';

const USAGE = `Usage:
  npm run admin -- staff-create <email> <name> <role>
    Creates a staff member of the manufacturer (role: ${STAFF_ROLES.join(', ')}; the first admin this way) through
    the running gateway at OPS_URL with the operator key (OPS_KEY, or <data folder>/operator.key as npm run ops reads
    it), and prints the one-time set-up link the member sets a password with (valid 72 hours). Recorded as 'cli' in the
    staff audit log. Works while the gateway runs, with the embedded database or PostgreSQL.
  npm run admin -- stranger-key <login> --reason "…" [--hours N]
    Prints a one-time key that lets staff sign in as <login> (e-mail or phone) at /auth/login-ork, through the
    running gateway like staff-create; the key expires after N hours (1 to 24, default 1) and the audit log keeps who
    asked ('cli'), for whom, why and until when. Managers issue the same key from the order desk at /staff.
  npm run admin -- notify <login> <type> '<json content>'
    Gives <login> one unread notification, e.g.
    npm run admin -- notify demo@example.ru Looser '{"WhoKickedYou":"Ольга Кузнецова","ClientName":"НИИ Радиоприборов"}'
    Types and their content (spec 3): ClientAccessRequest {RequesterName, ClientName, RequestId},
    ClientAccessRequestDecision {IsAccepted, ClientName}, InvitationToClient {CreatorName, ClientName, InvitationId},
    InvitationResult {IsAccepted, InvitedUsername, ClientName}, ClientRoleChanging {IsAdmin, WhoChanged, ClientName},
    Looser {WhoKickedYou, ClientName}.
  npm run admin -- demo-notifications <login> <count>
    Gives <login> <count> (1 to 10000) varied notifications of every type, 37 minutes apart, one in three unread.

The other commands use DATA_DIR or DATABASE_URL like the gateway; with the embedded database (DATA_DIR) stop the gateway first:
one data folder serves one process at a time, and the command says so if the gateway still runs.`;

class UsageError extends Error {}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new UsageError(`The content is not valid JSON: ${text}`);
  }
}

function parseCount(text: string | undefined): number {
  const count = Number(text);
  if (!Number.isInteger(count) || count < 1 || count > 10_000) throw new UsageError('<count> must be a whole number from 1 to 10000');
  return count;
}

async function userIdOf(db: Db, login: string): Promise<number> {
  const user = await findUserByLogin(db, parseLogin(login));
  if (!user) throw new Error(`No user with login "${login}"`);
  return user.id;
}

type Command = (db: Db, args: string[]) => Promise<void>;

const commands: Record<string, { arity: number; run: Command }> = {
  notify: {
    arity: 3,
    run: async (db, [login = '', type = '', content = '']) => {
      const parsed = parseJson(content);
      const row = await createNotification(db, { userId: await userIdOf(db, login), type, content: parsed }, new Date());
      console.log(`Notification ${row.id} (${row.type}) created for ${login}`);
    },
  },
  'demo-notifications': {
    arity: 2,
    run: async (db, [login = '', countText]) => {
      const count = parseCount(countText);
      const rows = await createNotifications(db, variedNotificationDrafts(await userIdOf(db, login), count, new Date()), new Date());
      console.log(`${rows.length} notifications created for ${login} (${rows.filter((row) => !row.readAt).length} unread)`);
    },
  },
};

const isStaffRole = isOneOf(STAFF_ROLES);

/** The gateway's refusal in one line: '404: Клиента с таким логином нет (login)'. */
function printRefusal(answer: { status: number; statusText: string; body: Record<string, unknown> }): number {
  const field = typeof answer.body.field === 'string' ? ` (${answer.body.field})` : '';
  console.error(`${answer.status}: ${typeof answer.body.error === 'string' ? answer.body.error : answer.statusText}${field}`);
  return 1;
}

async function strangerKey(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const [login = '', ...rest] = args;
  const reasonAt = rest.indexOf('--reason');
  const reason = reasonAt === -1 ? '' : (rest[reasonAt + 1] ?? '');
  const hoursAt = rest.indexOf('--hours');
  const hours = hoursAt === -1 ? 1 : Number(rest[hoursAt + 1]);
  if (!login || login.startsWith('--') || !reason.trim() || !Number.isInteger(hours) || hours < 1 || hours > 24) {
    console.error(USAGE);
    return 2;
  }
  const answer = await callOperator(env, operatorStrangerKey.path, { login, reason, hours });
  if (!answer.ok) return printRefusal(answer);
  const issued = create(answer.body, operatorStrangerKey.response);
  console.log(`Stranger key for ${login} (user ${issued.userId}), valid until ${issued.expiresAt}, one use:`);
  console.log(issued.key);
  return 0;
}

/** Through the running gateway, not the database: the gateway may hold the embedded database while it runs. */
async function staffCreate(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const [email = '', name = '', role = '', ...extra] = args;
  if (!email || !name || extra.length > 0 || !isStaffRole(role)) {
    console.error(role && !isStaffRole(role) ? `Unknown role "${role}"; known: ${STAFF_ROLES.join(', ')}` : USAGE);
    return 2;
  }
  const answer = await callOperator(env, operatorStaffCreate.path, { email, name, role });
  if (!answer.ok) return printRefusal(answer);
  const created = create(answer.body, operatorStaffCreate.response);
  console.log(`Staff member ${created.member.email} (id ${created.member.id}, ${created.member.role}) created.`);
  console.log(`Give them this one-time set-up link (valid until ${created.setupExpiresAt}); they then sign in and enrol an authenticator app:`);
  console.log(created.setupUrl);
  return 0;
}

async function main(args: string[]): Promise<number> {
  const [name = '', ...rest] = args;
  if (name === 'staff-create') return staffCreate(rest, process.env);
  if (name === 'stranger-key') return strangerKey(rest, process.env);
  const command = commands[name];
  const operands = rest.slice(0, command?.arity ?? 0);
  if (!command || operands.length < command.arity || operands.some((arg) => arg === '' || arg.startsWith('--'))) {
    console.error(USAGE);
    return 2;
  }
  const config = resolveConfig({ logger: false });
  const database = await openDatabase(config);
  try {
    await command.run(database.db, rest);
    return 0;
  } catch (error) {
    if (error instanceof UsageError || error instanceof NotificationContentError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then((code) => process.exit(code), (error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
