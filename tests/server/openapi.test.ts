import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../../server/app';
import { contractCalls, type AnyCall } from '../../scripts/fuzz/calls';
import { randomUUID } from 'node:crypto';
import { checkout } from '../../src/contract/cart';
import { getOrder } from '../../src/contract/orders';
import { addToCart, endpointOf, lineOf, orderingData, pricedProject } from './cart-fixtures';
import { makeClient, person } from './client-fixtures';
import { call, createClock, get, startGateway } from './helpers';
import { openApiClient, type ApiClient } from './openapi-client';
import { enrolledStaff, OPERATOR_KEY, staffCall } from './staff-fixtures';

/** The staff calls as an OpenAPI 3.1 document made from the contract, and a client that knows only it. */

const clock = createClock();
let gw: Gateway;
let origin: string;
let staffCalls: AnyCall[];
let document: Record<string, unknown>;
let adminToken: string;

type Operation = { operationId: string; 'x-roles': string[]; requestBody?: unknown; responses: Record<string, unknown> };
const operationOf = (call: AnyCall): Operation | undefined =>
  ((document.paths as Record<string, Record<string, Operation>>)[call.path])?.[call.method.toLowerCase()];

async function newKey(name: string, role: string): Promise<string> {
  const created = await staffCall(gw, '/staff/api-keys/Create', { name, role }, adminToken);
  expect(created.status).toBe(200);
  return String(created.json.key);
}

beforeAll(async () => {
  gw = await startGateway({ now: clock.now, operatorKey: OPERATOR_KEY });
  origin = await gw.app.listen({ port: 0, host: '127.0.0.1' });
  staffCalls = (await contractCalls()).filter((one) => one.access === 'staff');
  document = (await get(gw, '/openapi.json')).json;
  adminToken = (await enrolledStaff(gw, clock, 'admin@fab.example', 'admin', 'cli')).token;
});

afterAll(async () => {
  await gw.close();
});

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(document);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
  });

  it('lists every staff call of the contract, and nothing else, with its roles, body, answer and errors', () => {
    expect(staffCalls.length).toBeGreaterThanOrEqual(14);
    const listed = Object.entries(document.paths as Record<string, Record<string, unknown>>)
      .flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`)).sort();
    expect(listed).toEqual(staffCalls.map((one) => `${one.method} ${one.path}`).sort());
    for (const one of staffCalls) {
      const op = operationOf(one);
      expect(op?.['x-roles'], one.path).toEqual(one.roles ? [...one.roles] : ['engineer', 'manager', 'admin']);
      expect(op?.requestBody !== undefined, one.path).toBe(one.body !== undefined);
      expect(Object.keys(op?.responses ?? {}).sort(), one.path).toEqual(['200', '400', '401', '403', '404', '409']);
    }
    const operationIds = staffCalls.map((one) => operationOf(one)?.operationId);
    expect(new Set(operationIds).size).toBe(staffCalls.length);
  });

  it('describes bodies from the contract: bounds, patterns, enums, optional fields, unions and nullables', () => {
    const create = staffCalls.find((one) => one.path === '/staff/members/Create');
    const audit = staffCalls.find((one) => one.path === '/staff/audit/List');
    if (!create || !audit) throw new Error('the staff calls moved');
    const body = (operationOf(create)?.requestBody as { content: { 'application/json': { schema: Record<string, unknown> } } }).content[
      'application/json'
    ].schema;
    expect(body).toMatchObject({
      type: 'object',
      required: ['email', 'name', 'role'],
      additionalProperties: false,
      properties: {
        email: { type: 'string', maxLength: 254 },
        name: { type: 'string', minLength: 1, maxLength: 120 },
        role: { enum: ['engineer', 'manager', 'admin'] },
      },
    });
    const answer = JSON.stringify(operationOf(audit)?.responses['200']);
    expect(answer).toContain('"anyOf":[{"type":"object","properties":{"staffId"');
    expect(answer).toContain('{"const":"cli"}');
    expect(answer).toContain('"nextBeforeId":{"anyOf":[{"type":"integer","minimum":1,"maximum":2147483647},{"type":"null"}]}');
  });

  it('describes each webhook event\'s body and bearer security', () => {
    expect(Object.keys(document.webhooks as object).sort()).toEqual(['complaint.filed', 'order.files_attached', 'order.placed', 'order.status_changed']);
    expect(document.security).toEqual([{ bearer: [] }]);
  });
});

describe('a client made from the document alone', () => {
  let admin: ApiClient;

  beforeAll(async () => {
    admin = await openApiClient(origin, await newKey('1С:УПП', 'admin'));
  });

  it('creates a member and lists members with an admin system\'s key, the answers matching the document', async () => {
    const created = await admin.call('staffMembersCreate', { email: 'new.engineer@fab.example', name: 'Инженер из 1С', role: 'engineer' });
    expect([created.status, created.problems]).toEqual([200, []]);
    const listed = await admin.call('staffMembersList', {});
    expect([listed.status, listed.problems]).toEqual([200, []]);
    expect((listed.body as { members: { email: string }[] }).members.map((member) => member.email)).toContain('new.engineer@fab.example');
  });

  it('reads the audit log, where the change is the system\'s', async () => {
    const log = await admin.call('staffAuditList', { action: 'member.create' });
    expect([log.status, log.problems]).toEqual([200, []]);
    const entries = (log.body as { entries: { actor: { name?: string }; after: { email?: string } }[] }).entries;
    expect(entries.find((entry) => entry.after.email === 'new.engineer@fab.example')?.actor.name).toBe('1С:УПП');
  });

  it('refuses a body the document rules out before calling, and the gateway agrees', async () => {
    await expect(admin.call('staffMembersCreate', { email: 'x@fab.example', name: 'X', role: 'boss' })).rejects.toThrow(/role/);
    const answer = await staffCall(gw, '/staff/members/Create', { email: 'x@fab.example', name: 'X', role: 'boss' }, adminToken);
    expect([answer.status, answer.json.field]).toEqual([400, 'role']);
  });

  it('gets the document\'s error shape when the key\'s role may not make the call', async () => {
    const manager = await openApiClient(origin, await newKey('MES', 'manager'));
    expect(manager.operation('staffMembersList').roles).toEqual(['admin']);
    const refused = await manager.call('staffMembersList', {});
    expect([refused.status, refused.problems, (refused.body as { code: string }).code]).toEqual([403, [], 'forbidden']);
  });
});

describe('the order desk\'s moves through a client made from the document alone', () => {
  it('approves, marks paid, made and shipped an order with a manager system\'s key, as the ERP would', async () => {
    const owner = await person(gw, 'erp-owner', 'Олег', 'Заказов');
    const clientId = await makeClient(gw, { name: 'Завод из ERP' }, [[owner, 1]]);
    const data = await orderingData(gw, clientId, 'ERP');
    const projectId = await pricedProject(gw, { clientId, ownerUserId: owner.id, title: 'Плата для ERP' });
    await addToCart(gw, owner.token, projectId);
    const placed = await call(gw, 'POST', checkout.path, {
      token: owner.token,
      body: {
        idempotencyKey: randomUUID(), clientId, payerId: data.payerId, contactId: data.contactId,
        delivery: { kind: 'warehouse', endpointId: (await endpointOf(gw, 'warehouse')).id, deliverySettingId: null }, comment: '',
        lineIds: [await lineOf(gw, owner.id, projectId)],
      },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const orderId = (placed.body as { orderId: number }).orderId;
    const erp = await openApiClient(origin, await newKey('1С:ERP', 'manager'));
    const statuses: string[] = [];
    for (const move of [{ action: 'approve' }, { action: 'pay' }, { action: 'finish' }, { action: 'ship', carrier: 'ПЭК', trackingNumber: 'PEK-000123' }]) {
      const answer = await erp.call('staffOrdersMove', { orderId, ...move });
      expect([answer.status, answer.problems], JSON.stringify(answer.body)).toEqual([200, []]);
      statuses.push((answer.body as { order: { status: string } }).order.status);
    }
    expect(statuses).toEqual(['waiting_for_payment', 'in_progress', 'in_stock', 'shipped']);
    // The customer's own page says the same; the document's error shape comes back for a move the order no longer takes.
    const seen = await call(gw, 'GET', `${getOrder.path}?id=${orderId}`, { token: owner.token });
    expect(seen.json).toMatchObject({ status: 'shipped', trackingNumber: 'ПЭК PEK-000123' });
    const late = await erp.call('staffOrdersMove', { orderId, action: 'approve' });
    expect([late.status, late.problems, (late.body as { code: string }).code]).toEqual([409, [], 'actionNotAllowed']);
  });
});

