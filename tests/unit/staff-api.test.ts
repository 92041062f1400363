// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getMySummary } from '../../src/contract/user';
import { staffCheckQueue } from '../../src/contract/staff-orders';
import { staffSignIn } from '../../src/contract/staff';
import { ApiError, callApi, configureApiAuth } from '../../src/services/api';
import { setNavigator } from '../../src/services/navigation';
import { callStaff, fetchStaffFile } from '../../src/services/staff/staff-api';
import { endStaffSession, startStaffSession, staffSession } from '../../src/services/staff/staff-session';

const STAFF = 'staff_abc';
const CUSTOMER = 'customer.jwt.token';
const member = {
  id: 11, email: 'engineer@factory.ru', name: 'Ольга', role: 'engineer', passwordSet: true, secondFactorEnrolled: true,
  disabled: false, createdBy: null, createdAt: '2026-11-01T09:00:00.000Z',
} as const;

let calls: { path: string; authorization: string | null }[];
let answer: (path: string) => Response;
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const navigated: string[] = [];

beforeEach(() => {
  calls = [];
  navigated.length = 0;
  answer = () => json(200, { items: [] });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = new URL(String(input instanceof Request ? input.url : input), 'http://localhost').pathname;
    calls.push({ path, authorization: new Headers(init.headers).get('authorization') });
    return answer(path);
  });
  // A customer is signed in in the same tab: their token must stay on their calls.
  configureApiAuth({
    getFreshToken: () => Promise.resolve(CUSTOMER), currentToken: () => CUSTOMER, onUnauthorized: () => undefined, onRetryRejected: () => undefined,
  });
  setNavigator({ navigate: (to) => navigated.push(to), current: () => '/staff/orders/5' });
  startStaffSession(STAFF, member);
});

afterEach(() => {
  configureApiAuth(null);
  setNavigator(null);
  endStaffSession();
  vi.unstubAllGlobals();
});

describe('the staff client', () => {
  it('sends the staff token on a staff call, and no token on an anonymous one', async () => {
    await callStaff(staffCheckQueue, { body: {} });
    answer = () => json(200, { step: 'code', challengeId: '5d1c7c3e-9a4b-4f8e-8f57-2a1d3b9c0e11' });
    await callStaff(staffSignIn, { body: { email: 'engineer@factory.ru', password: 'a-long-staff-secret' } });
    expect(calls).toEqual([
      { path: '/api/staff/check/Queue', authorization: `Bearer ${STAFF}` },
      { path: '/api/staff/auth/SignIn', authorization: null },
    ]);
  });

  it('refuses a customer call, so the staff token never reaches a customer path', async () => {
    await expect(callStaff(getMySummary)).rejects.toThrow('is not a staff call');
    expect(calls).toEqual([]);
  });

  it('ends the staff session on a 401 and goes to the staff sign-in, to come back', async () => {
    answer = () => json(401, { error: 'Сеанс завершён', code: 'unauthorized' });
    await expect(callStaff(staffCheckQueue, { body: {} })).rejects.toBeInstanceOf(ApiError);
    expect(staffSession()).toBeNull();
    expect(sessionStorage.getItem('pcb.staffToken')).toBeNull();
    expect(navigated).toEqual(['/staff/sign-in?redirect=%2Fstaff%2Forders%2F5']);
  });

  it('reads board pictures, order files, invoices and УПД with the staff token, and nothing else of this or another site', async () => {
    answer = () => new Response('<svg/>', { status: 200, headers: { 'content-type': 'image/svg+xml' } });
    await fetchStaffFile('/files/boards/abc/top.svg');
    await fetchStaffFile('/files/orders/5/lines/11.zip');
    await fetchStaffFile('/files/invoices/70.pdf');
    await fetchStaffFile('/files/transfers/70.pdf');
    await expect(fetchStaffFile('/files/exports/orders.csv')).rejects.toThrow('is not a staff file');
    await expect(fetchStaffFile('/api/account/user/getMySummary')).rejects.toThrow('is not a staff file');
    await expect(fetchStaffFile('https://elsewhere.example/files/boards/abc/top.svg')).rejects.toThrow('is not a staff file');
    expect(calls).toEqual([
      { path: '/files/boards/abc/top.svg', authorization: `Bearer ${STAFF}` },
      { path: '/files/orders/5/lines/11.zip', authorization: `Bearer ${STAFF}` },
      { path: '/files/invoices/70.pdf', authorization: `Bearer ${STAFF}` },
      { path: '/files/transfers/70.pdf', authorization: `Bearer ${STAFF}` },
    ]);
  });
});

describe('the customer client beside a staff session', () => {
  it('sends the customer token on a customer call, never the staff one', async () => {
    answer = () => json(401, { error: 'no' });
    await callApi(getMySummary).catch(() => undefined);
    expect(calls.map((call) => call.authorization)).not.toContain(`Bearer ${STAFF}`);
    expect(calls[0]).toEqual({ path: '/api/account/user/getMySummary', authorization: `Bearer ${CUSTOMER}` });
  });

  it('refuses a staff call, which would otherwise carry the customer token', async () => {
    await expect(callApi(staffCheckQueue, { body: {} })).rejects.toThrow('is a staff call');
    expect(calls).toEqual([]);
  });
});
