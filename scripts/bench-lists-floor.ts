/**
 * The floor under `npm run bench:lists` on PGlite: the very statements a call runs, replayed by a bare Fastify route
 * with nothing else — no sign-in check, no validation, no drizzle, no contract. No gateway can answer that call
 * faster on this database in the same loop, so the floor says how much of a figure is the gateway's and how much is
 * PGlite's (one statement at a time, in this thread).
 */
import Fastify from 'fastify';
import { PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';
import type { Db } from '../server/db/connect';
import type { BenchPhase } from './bench-lists-clients';

interface Statement { text: string; params: unknown[]; options: QueryOptions | undefined }

export interface FloorPhase extends BenchPhase {
  /** The call's database work for one body, as the bench calls it straight. */
  direct: (body: string) => Promise<unknown>;
}

export interface FloorServer {
  port: number;
  /** The same bodies as the measured phases, sent to the replaying routes. */
  phases: BenchPhase[];
  close(): Promise<void>;
}

/** The PGlite behind the gateway's drizzle, or null on PostgreSQL. */
export function pgliteOf(db: Db): PGlite | null {
  const client: unknown = Reflect.get(db, '$client');
  return client instanceof PGlite ? client : null;
}

/** Runs `work` and gives back every statement it sent to `client`, in order. */
async function statementsOf(client: PGlite, work: () => Promise<unknown>): Promise<Statement[]> {
  const sent: Statement[] = [];
  const query = client.query;
  client.query = <T>(text: string, params?: unknown[], options?: QueryOptions) => {
    sent.push({ text, params: params ?? [], options });
    return query.call<PGlite, [string, unknown[] | undefined, QueryOptions | undefined], Promise<Results<T>>>(client, text, params, options);
  };
  try {
    await work();
  } finally {
    client.query = query;
  }
  return sent;
}

/**
 * Records the statements of every distinct body of each phase (by calling it straight), then serves each phase at
 * `/floor/<n>`: the request's body picks its recorded statements, which are sent to PGlite one after another as drizzle
 * sent them (rows as arrays, its parsers), and the last one's rows are the answer.
 */
export async function startFloorServer(client: PGlite, measured: FloorPhase[]): Promise<FloorServer> {
  const app = Fastify({ logger: false });
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  const phases: BenchPhase[] = [];
  for (const [index, phase] of measured.entries()) {
    const recorded = new Map<string, Statement[]>();
    for (const body of new Set(phase.bodies)) recorded.set(body, await statementsOf(client, () => phase.direct(body)));
    const path = `/floor/${index}`;
    app.post(path, async (request) => {
      const statements = recorded.get(String(request.body)) ?? [];
      let rows: unknown[] = [];
      for (const statement of statements) rows = (await client.query(statement.text, statement.params, statement.options)).rows;
      return rows;
    });
    phases.push({ name: `floor: ${phase.name}`, path, method: 'POST', bodies: phase.bodies });
  }
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return { port: Number(new URL(address).port), phases, close: () => app.close() };
}
