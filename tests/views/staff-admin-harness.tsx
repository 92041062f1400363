import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import type { ApiSystem } from '../../src/contract/api-keys';
import type { StaffRole } from '../../src/contract/call';
import type { AuditEntry, StaffMember } from '../../src/contract/staff';
import type { WebhookEndpoint } from '../../src/contract/webhooks';
import { fetchStaffFile } from '../../src/services/staff/staff-api';
import { provideStaffAdminCalls, type AuditQuery, type StaffAdminCalls } from '../../src/services/staff/staff-admin-calls';
import { endStaffSession } from '../../src/services/staff/staff-session';
import { failingWith } from './harness-parts';
import { renderStaff, signInAs, staffMember } from './staff-harness';
import { undoAfterEach } from './undo-after-each';

const AT = '2026-11-28T09:00:00.000Z';
const EXPIRES = '2026-11-30T09:00:00.000Z';

export function auditEntry(id: number, fields: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id, actor: { staffId: 13, name: 'Анна Админова' }, at: AT, action: 'member.update', targetType: 'member', targetId: '11',
    before: { role: 'engineer', name: 'Ольга' }, after: { role: 'manager', name: 'Ольга' }, requestId: `req-${id}`, ...fields,
  };
}

export const systemOf = (id: number, fields: Partial<ApiSystem> = {}): ApiSystem => ({
  id, name: '1С:УПП', role: 'manager', keyPrefix: 'pcbkey_3f9a', createdAt: AT, lastUsedAt: null, revoked: false, ...fields,
});

export const endpointOf = (id: number, fields: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id, url: 'https://erp.factory.ru/hooks', events: ['order.placed', 'order.status_changed'], description: 'ERP',
  createdAt: AT, waiting: 2, failed: 1, lastError: 'HTTP 502', ...fields,
});

type Failing = 'createMember' | 'updateMember' | 'disableMember' | 'createSystem' | 'createWebhook';

interface FakeAdminOptions {
  members?: StaffMember[];
  /** The audit log's pages, newest first, as the gateway pages them. */
  auditPages?: AuditEntry[][];
  systems?: ApiSystem[];
  endpoints?: WebhookEndpoint[];
  failures?: Partial<Record<Failing, Error>>;
}

/** The admin's calls from memory, each recorded; a created or changed member is in the next list. */
export function fakeAdmin({
  members = [staffMember('engineer'), staffMember('admin')],
  auditPages = [[]],
  systems = [],
  endpoints = [],
  failures = {},
}: FakeAdminOptions = {}) {
  const fail = failingWith<Failing>(failures);
  const calls: { name: string; args: unknown[] }[] = [];
  const record = (name: string, ...args: unknown[]) => calls.push({ name, args });
  const stored = [...members];
  const replace = (member: StaffMember) =>
    stored.splice(
      stored.findIndex((one) => one.id === member.id),
      1,
      member,
    );
  const gateway: StaffAdminCalls = {
    members: (includeDisabled) => {
      record('members', includeDisabled);
      return Promise.resolve(stored.filter((member) => includeDisabled || !member.disabled));
    },
    createMember: (input) => {
      record('createMember', input);
      return fail('createMember', () => {
        const member = staffMember(input.role, { ...input, id: 40 + stored.length, passwordSet: false, secondFactorEnrolled: false, createdBy: 13 });
        stored.push(member);
        return Promise.resolve({ member, setupUrl: `https://portal.test/staff/setup?token=setup-${member.id}`, setupExpiresAt: EXPIRES });
      });
    },
    updateMember: (input) => {
      record('updateMember', input);
      return fail('updateMember', () => {
        const found = stored.find((member) => member.id === input.id) ?? staffMember('engineer');
        const member = {
          ...found,
          ...(input.name ? { name: input.name } : {}),
          ...(input.role ? { role: input.role } : {}),
          ...(input.resetPassword ? { passwordSet: false } : {}),
        };
        replace(member);
        return Promise.resolve({
          member,
          setupUrl: input.resetPassword ? `https://portal.test/staff/setup?token=reset-${member.id}` : null,
          setupExpiresAt: input.resetPassword ? EXPIRES : null,
        });
      });
    },
    disableMember: (id) => {
      record('disableMember', id);
      return fail('disableMember', () => {
        const member = { ...(stored.find((one) => one.id === id) ?? staffMember('engineer')), disabled: true };
        replace(member);
        return Promise.resolve(member);
      });
    },
    audit: (query: AuditQuery, beforeId) => {
      record('audit', query, beforeId);
      const index = beforeId === undefined ? 0 : auditPages.findIndex((page) => page.at(0) !== undefined && (page.at(0)?.id ?? 0) < beforeId);
      const page = auditPages[Math.max(index, 0)] ?? [];
      const next = auditPages[Math.max(index, 0) + 1];
      return Promise.resolve({ entries: page, nextBeforeId: next ? (page.at(-1)?.id ?? null) : null });
    },
    systems: () => Promise.resolve([...systems]),
    createSystem: (name, role) => {
      record('createSystem', name, role);
      return fail('createSystem', () => {
        const system = systemOf(70 + systems.length, { name, role });
        systems.push(system);
        return Promise.resolve({ system, key: 'pcbkey_3f9a-the-whole-secret-key' });
      });
    },
    revokeSystem: (id) => {
      record('revokeSystem', id);
      const index = systems.findIndex((system) => system.id === id);
      const system = { ...(systems[index] ?? systemOf(id)), revoked: true };
      systems.splice(index, 1, system);
      return Promise.resolve(system);
    },
    webhooks: () => Promise.resolve([...endpoints]),
    createWebhook: (input) => {
      record('createWebhook', input);
      return fail('createWebhook', () => {
        const endpoint = endpointOf(90 + endpoints.length, {
          url: input.url,
          events: input.events,
          description: input.description ?? '',
          waiting: 0,
          failed: 0,
          lastError: null,
        });
        endpoints.push(endpoint);
        return Promise.resolve({ endpoint, secret: 'whsec_c2lnbmluZy1zZWNyZXQ=' });
      });
    },
    deleteWebhook: (id) => {
      record('deleteWebhook', id);
      endpoints.splice(
        endpoints.findIndex((endpoint) => endpoint.id === id),
        1,
      );
      return Promise.resolve({ ok: true });
    },
    // The real staff file fetch: what it sends is what the test checks, with `fetch` swapped.
    file: (url) => fetchStaffFile(url),
  };
  return {
    gateway,
    calls,
    callsOf: (name: string) => calls.filter((call) => call.name === name).map((call) => call.args),
    install: () => {
      const undo = provideStaffAdminCalls(gateway);
      return () => {
        undo();
        endStaffSession();
      };
    },
  };
}

/**
 * An admin page over the fake admin gateway, signed in as `role`, for a file's tests: each test's fake, mocks and
 * stubbed globals are undone after it. Call at the top of a test file.
 */
export function adminPageSetup() {
  const undo = undoAfterEach(() => vi.unstubAllGlobals());
  return (options: Parameters<typeof fakeAdmin>[0], path: string, role: StaffRole = 'admin') => {
    const fake = fakeAdmin(options);
    undo.push(fake.install());
    signInAs(role);
    return { fake, ...renderStaff(path), user: userEvent.setup() };
  };
}
