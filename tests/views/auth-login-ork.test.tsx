// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccessTokenResponse, GetStrangerTokenRequest } from '../../src/contract/auth';
import { ApiError } from '../../src/services/api';
import { applyLocale, loadLocale } from '../../src/services/i18n';
import LoginOrkPage from '../../src/views/pages/login-ork-page';
import { renderAuthPage, TOKEN } from './auth-harness';

// English is loaded lazily in the app; the tests switch to it synchronously.
await loadLocale('en');

beforeEach(() => applyLocale('ru'));
afterEach(cleanup);

describe('login-ork page', () => {
  it('explains itself and signs a staff member in as the customer with a one-time key', async () => {
    const signInAsCustomer = vi.fn(async (_request: GetStrangerTokenRequest): Promise<AccessTokenResponse> => ({ accessToken: TOKEN }));
    const { user, session, currentUrl } = renderAuthPage(<LoginOrkPage />, { path: '/auth/login-ork', deps: { signInAsCustomer } });
    expect(screen.getByText(/Для сотрудников/)).toBeTruthy();
    await user.type(screen.getByLabelText('Логин клиента (e-mail или телефон)'), 'demo@example.ru');
    await user.type(screen.getByLabelText('Одноразовый ключ'), 'K3Y-0001{Enter}');

    expect(signInAsCustomer).toHaveBeenCalledWith({ login: 'demo@example.ru', key: 'K3Y-0001' });
    expect(session.send).toHaveBeenCalledWith({ type: 'session.signedIn', token: TOKEN });
    expect(currentUrl()).toBe('/');
  });

  it("shows the gateway's message when the key is not valid", async () => {
    const signInAsCustomer = vi.fn(async (): Promise<AccessTokenResponse> => {
      throw new ApiError(403, 'Ключ недействителен или уже использован', 'key');
    });
    const { user, session } = renderAuthPage(<LoginOrkPage />, { path: '/login-ork', deps: { signInAsCustomer } });
    await user.type(screen.getByLabelText('Логин клиента (e-mail или телефон)'), 'demo@example.ru');
    await user.type(screen.getByLabelText('Одноразовый ключ'), 'used{Enter}');

    expect(screen.getByRole('alert').textContent).toContain('Ключ недействителен или уже использован');
    expect(screen.getByLabelText('Одноразовый ключ').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('button', { name: 'Войти под клиентом' })).toHaveProperty('disabled', false);
    expect(session.send).not.toHaveBeenCalled();
  });
});
