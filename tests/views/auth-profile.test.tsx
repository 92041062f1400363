// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { OkResponse } from '../../src/contract/fields';
import type { FillProfileRequest } from '../../src/contract/user';
import { profileCompletionMachine } from '../../src/machines/profile-completion/profile-completion';
import { ApiError } from '../../src/services/api';
import { applyLocale, loadLocale } from '../../src/services/i18n';
import FillingProfilePage from '../../src/views/pages/filling-profile-page';
import { deferred, renderAuthPage } from './auth-harness';

// English is loaded lazily in the app; the tests switch to it synchronously.
await loadLocale('en');

function profileFlow(fill: (input: FillProfileRequest) => Promise<OkResponse> = async () => ({ ok: true })) {
  const calls = { fillProfile: vi.fn(fill) };
  const machine = profileCompletionMachine.provide({
    actors: { fillProfile: fromPromise(({ input }: { input: FillProfileRequest }) => calls.fillProfile(input)) },
  });
  return { machine, calls };
}

beforeEach(() => applyLocale('ru'));
afterEach(() => {
  cleanup();
  applyLocale('ru');
});

describe('filling-profile page', () => {
  it('requires first and last name in place, not the patronymic', async () => {
    const { machine, calls } = profileFlow();
    const { user } = renderAuthPage(<FillingProfilePage />, { path: '/auth/filling-profile', deps: { profileCompletionMachine: machine } });
    expect(document.activeElement).toBe(screen.getByLabelText('Имя'));
    await user.click(screen.getByRole('button', { name: 'Сохранить и продолжить' }));

    const firstName = screen.getByLabelText('Имя');
    const describedBy = (firstName.getAttribute('aria-describedby') ?? '').split(' ');
    expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toContain('Обязательное поле');
    expect(firstName.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Фамилия').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Отчество').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getAllByText('Обязательное поле')).toHaveLength(2);
    expect(calls.fillProfile).not.toHaveBeenCalled();
  });

  it('saves names and gender, reloads the user and opens home', async () => {
    const { machine, calls } = profileFlow();
    const { user, session, currentUrl } = renderAuthPage(<FillingProfilePage />, {
      path: '/auth/filling-profile', deps: { profileCompletionMachine: machine },
    });
    expect(screen.getByRole('radio', { name: 'Не указывать' })).toHaveProperty('checked', true);
    await user.type(screen.getByLabelText('Имя'), 'Анна');
    await user.type(screen.getByLabelText('Отчество'), 'Сергеевна');
    await user.type(screen.getByLabelText('Фамилия'), 'Петрова');
    await user.click(screen.getByRole('radio', { name: 'Женский' }));
    await user.click(screen.getByRole('button', { name: 'Сохранить и продолжить' }));

    expect(calls.fillProfile).toHaveBeenCalledWith({ firstName: 'Анна', patronymic: 'Сергеевна', lastName: 'Петрова', isMale: false });
    expect(session.send).toHaveBeenCalledWith({ type: 'session.reloadUser' });
    expect(currentUrl()).toBe('/');
  });

  it('continues to the page the user was going to, in English', async () => {
    applyLocale('en');
    const { machine } = profileFlow();
    const { user, currentUrl } = renderAuthPage(<FillingProfilePage />, {
      path: '/en/auth/filling-profile', search: 'redirect=%2Fen%2Forders', deps: { profileCompletionMachine: machine },
    });
    await user.type(screen.getByLabelText('First name'), 'Anna');
    await user.type(screen.getByLabelText('Last name'), 'Petrova');
    await user.click(screen.getByRole('radio', { name: 'Male' }));
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(currentUrl()).toBe('/en/orders');
  });

  it("shows progress while saving and the gateway's message when saving fails", async () => {
    const pending = deferred<OkResponse>();
    const { machine } = profileFlow(() => pending.promise);
    const { user, session } = renderAuthPage(<FillingProfilePage />, { path: '/auth/filling-profile', deps: { profileCompletionMachine: machine } });
    await user.type(screen.getByLabelText('Имя'), 'Анна');
    await user.type(screen.getByLabelText('Фамилия'), 'Петрова{Enter}');

    expect(screen.getByRole('button', { name: 'Сохраняем…' })).toHaveProperty('disabled', true);
    await act(async () => pending.reject(new ApiError(400, 'Поле lastName: слишком длинное значение', 'lastName')));

    expect(screen.getByRole('alert').textContent).toContain('Поле lastName: слишком длинное значение');
    expect(screen.getByLabelText('Фамилия').getAttribute('aria-invalid')).toBe('true');
    expect(session.send).not.toHaveBeenCalled();
  });
});
