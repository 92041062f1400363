// @vitest-environment jsdom
import './dom-polyfills';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiKeysCreate } from '../../src/contract/api-keys';
import { staffAuditList, staffMembersCreate, staffSessionsList } from '../../src/contract/staff';
import type { CallDefinition } from '../../src/contract/call';
import { applyLocale } from '../../src/services/i18n';
import { openApiDocument } from '../../server/api-docs/openapi';
import { renderApp, testSession } from './app-harness';
import { resetShell } from './shell-harness';

/** /developers reads the gateway's OpenAPI document and shows the calls, their roles and bodies, and webhooks. */

const calls = [staffMembersCreate, staffAuditList, staffSessionsList, apiKeysCreate] as unknown as CallDefinition<unknown, unknown, unknown>[];
const document = openApiDocument(calls, { publicUrl: 'https://portal.example', version: '1.2.3' });
let answer: () => Response = () => new Response(JSON.stringify(document), { headers: { 'content-type': 'application/json' } });
const fetched: string[] = [];

beforeEach(() => {
  resetShell();
  answer = () => new Response(JSON.stringify(document), { headers: { 'content-type': 'application/json' } });
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) => {
    fetched.push(String(input));
    return answer();
  }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  applyLocale('ru');
});

const heading = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 5000 });

describe('/developers', () => {
  it('lists the calls of the document by group with their roles, each opening (a summary: Enter or a click) to its body', async () => {
    const user = userEvent.setup();
    renderApp('/developers', testSession({ signedIn: false }));
    await heading('Для разработчиков: API и вебхуки');
    // The heading stands before the document is asked for: the calls are listed from what it answers.
    const members = await screen.findByRole('region', { name: 'members' });
    expect(fetched).toContain('/api/openapi.json');
    const summary = within(members).getByText(
      (_text, element) => element?.tagName === 'SUMMARY' && element.textContent?.includes('/api/staff/members/Create') === true,
    );
    expect(summary.textContent).toContain('роли: admin');
    expect(within(screen.getByRole('region', { name: 'sessions' })).getByText(/роли: engineer, manager, admin/)).toBeTruthy();
    await user.click(summary);
    const details = summary.closest('details');
    expect(details?.open).toBe(true);
    const body = within(details as HTMLElement);
    expect(body.getByText('staffMembersCreate')).toBeTruthy();
    const email = body.getAllByRole('listitem').find((item) => item.textContent?.startsWith('email'));
    expect(email?.textContent).toBe('email обязательно — строка (от 3 до 254; шаблон ^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$)');
    const role = body.getAllByRole('listitem').find((item) => item.textContent?.startsWith('role'));
    expect(role?.textContent).toBe('role обязательно — одно из "engineer", "manager", "admin"');
  });

  it('explains the key and the webhook signature, and lists each event', async () => {
    renderApp('/developers', testSession({ signedIn: false }));
    await heading('Для разработчиков: API и вебхуки');
    expect(screen.getByRole('region', { name: 'Как войти' }).textContent).toContain('Authorization: Bearer');
    const webhooks = screen.getByRole('region', { name: 'Вебхуки' });
    expect(webhooks.textContent).toContain('webhook-signature');
    for (const event of ['order.placed', 'order.files_attached', 'order.status_changed', 'complaint.filed']) {
      expect(await within(webhooks).findByText(event)).toBeTruthy();
    }
  });

  it('speaks English under /en', async () => {
    renderApp('/en/developers', testSession({ signedIn: false }));
    await heading('For developers: API and webhooks');
    await screen.findByRole('region', { name: 'members' }, { timeout: 5000 });
    expect(screen.getAllByText('roles: admin', { selector: 'span' }).length).toBeGreaterThan(0);
  });

  it('says so when the document does not load', async () => {
    answer = () => new Response('{}', { status: 503 });
    renderApp('/developers', testSession({ signedIn: false }));
    await heading('Для разработчиков: API и вебхуки');
    expect((await screen.findByRole('status', {}, { timeout: 5000 })).textContent).toBe('Описание API не загрузилось. Обновите страницу позже.');
  });
});
