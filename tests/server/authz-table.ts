import { expect, it } from 'vitest';
import type { CallAccess, HttpMethod } from '../../src/contract/call';
import type { Gateway } from '../../server/app';
import type { Person } from './client-fixtures';
import { call, callContract } from './helpers';

/**
 * The shape the authz tests share: rows of contract calls, each tried by an anonymous caller, a member of another
 * client and the members whose role may not make it; every refusal must leave the snapshot as it was, and the run
 * prints the table of what was checked.
 */

export interface CallRef { method: HttpMethod; path: string; access: CallAccess }

export interface AuthzRow<Need extends string, Ids> {
  call: CallRef;
  /** Who may make the call inside the client. */
  need: Need;
  input: (ids: Ids) => { body?: unknown; query?: Record<string, string | number> };
}

/** A table column: a member of the client, refused (403) for the rows of these needs and let through for the others. */
export interface RefusedMember<Need extends string> { who: () => Person; needs: readonly Need[] }

export interface RefusalTable<Need extends string, Ids> {
  gateway: () => Gateway;
  ids: Ids;
  rows: readonly AuthzRow<Need, Ids>[];
  outsider: () => Person;
  refused: readonly RefusedMember<Need>[];
  needLabel: Record<Need, string>;
  /** What a refusal must not change, as text to compare. */
  snapshot: () => Promise<string>;
  /** Receives one line per row for `tableText`. */
  table: string[];
}

export const attemptRow = <Need extends string, Ids>(gateway: Gateway, ids: Ids, row: AuthzRow<Need, Ids>, who: Person | null) =>
  callContract(gateway, row.call, row.input(ids), who?.token);

/** One test per row: anonymous 401, another client's member 404 `not_found`, each refused member 403 `forbidden`. */
export function itRefusesEachRow<Need extends string, Ids>(spec: RefusalTable<Need, Ids>): void {
  for (const row of spec.rows) {
    it(`${row.call.method} ${row.call.path}`, async () => {
      const attempt = (who: Person | null) => attemptRow(spec.gateway(), spec.ids, row, who);
      const before = await spec.snapshot();
      const anonymous = await attempt(null);
      expect(anonymous.status).toBe(401);
      const outsider = await attempt(spec.outsider());
      expect([outsider.status, outsider.json.code], JSON.stringify(outsider.body)).toEqual([404, 'not_found']);
      const cells: string[] = [];
      for (const member of spec.refused) {
        if (!member.needs.includes(row.need)) {
          cells.push('allowed');
          continue;
        }
        const answer = await attempt(member.who());
        expect([answer.status, answer.json.code], JSON.stringify(answer.body)).toEqual([403, 'forbidden']);
        cells.push(String(answer.status));
      }
      expect(await spec.snapshot()).toBe(before);
      spec.table.push(
        `| ${row.call.method} ${row.call.path} | ${spec.needLabel[row.need]} | ${anonymous.status} | ${outsider.status} | ${cells.join(' | ')} |`,
      );
    });
  }
}

/** The printed table: a title, the column names and the collected lines. */
export const tableText = (title: string, columns: readonly string[], lines: readonly string[]): string =>
  ['', title, '', `| ${columns.join(' | ')} |`, `|${columns.map(() => '---|').join('')}`, ...lines].join('\n');

const isCall = (value: unknown): value is CallRef =>
  typeof value === 'object' && value !== null && 'path' in value && 'method' in value && 'access' in value;

/** The calls of contract modules, only those of one access when given. */
export const callsOf = (modules: readonly object[], access?: CallAccess): CallRef[] =>
  modules.flatMap((module) => Object.values(module).filter(isCall)).filter((one) => access === undefined || one.access === access);

/** One test: every call answers 401 without a token; `checkCount` pins how many there are. */
export function itRefusesAnonymous(gateway: () => Gateway, everyCall: readonly CallRef[], checkCount?: (count: number) => void): void {
  it(`all ${everyCall.length} of them answer 401`, async () => {
    const answers = await Promise.all(everyCall.map(async (one) => ({ one, answer: await call(gateway(), one.method, one.path, {}) })));
    expect(answers.filter(({ answer }) => answer.status !== 401).map(({ one }) => `${one.method} ${one.path}`)).toEqual([]);
    checkCount?.(everyCall.length);
  });
}
