import { is } from 'superstruct';
import { describe, expect, it } from 'vitest';
import { toJsonSchema } from '../../server/api-docs/json-schema';
import { contractCalls } from '../../scripts/fuzz/calls';
import { mutateRequest } from '../../scripts/fuzz/mutate';
import { createRandom, seedFor } from '../../scripts/fuzz/random';
import { sampleOf } from '../../scripts/fuzz/samples';
import { schemaProblems } from './openapi-client';

/**
 * The JSON Schema made of a contract struct takes what the struct takes. Every call's body is tried with the
 * fuzz's samples and mutations, judged by superstruct and by the independent checker of the generic client.
 */

const BODIES_PER_CALL = 60;

describe('the JSON Schema of a contract body', () => {
  it('never refuses what the contract takes, and refuses what it refuses but where a refine of its own decides', async () => {
    const calls = (await contractCalls()).filter((call) => call.body !== undefined);
    const stricter: string[] = [];
    const looser: string[] = [];
    let tried = 0;
    for (const call of calls) {
      const struct = call.body;
      if (!struct) continue;
      const schema = toJsonSchema(struct);
      const random = createRandom(seedFor(33, call.path));
      const bodies: unknown[] = [sampleOf(struct, random, new Map())];
      for (let index = 0; index < BODIES_PER_CALL; index += 1) {
        const request = mutateRequest(random, call, new Map(), bodies.slice(0, 1));
        // Bodies nested past the gateway's depth limit are refused before any schema (server/http/json-body.ts).
        if (typeof request.body !== 'string' || request.kind === 'deep') continue;
        try {
          bodies.push(JSON.parse(request.body));
        } catch {
          // Broken JSON never reaches a schema.
        }
      }
      for (const body of bodies) {
        tried += 1;
        const byContract = is(body, struct);
        const byDocument = schemaProblems(schema, body).length === 0;
        if (byContract && !byDocument) stricter.push(`${call.path}: ${JSON.stringify(body).slice(0, 200)} — ${schemaProblems(schema, body).join('; ')}`);
        if (!byContract && byDocument) looser.push(`${call.path}: ${JSON.stringify(body).slice(0, 160)}`);
      }
    }
    const looserCalls = [...new Set(looser.map((line) => line.split(':')[0] ?? ''))];
    console.log(`${tried} bodies of ${calls.length} calls; the document took ${looser.length} the contract refused, in ${looserCalls.join(', ')}`);
    expect(tried).toBeGreaterThan(calls.length * 20);
    expect(stricter).toEqual([]);
    // Only the contract's own refinements are beyond a schema: the board's ranges (src/contract/board.ts 'between').
    const boardCalls = [
      '/catalog-viewer/v2/projects/Create', '/catalog-viewer/v2/projects/Update', '/catalog-viewer/v2/projects/Price',
      '/quote/Claim', '/quote/Order', '/quote/Price', '/staff/check/Correct',
    ];
    expect(looserCalls.filter((path) => !boardCalls.includes(path))).toEqual([]);
  });
});
