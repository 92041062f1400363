// @vitest-environment jsdom
// @vitest-environment-options { "url": "https://portal.example.ru/" }
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isDevHost } from '../../src/services/env';
import { renderApp } from './app-harness';

afterEach(() => {
  cleanup();
  vi.unstubAllEnvs();
});

describe('/v2 pages on a public host', () => {
  it('are a 404 page', async () => {
    vi.stubEnv('DEV', false);
    expect(isDevHost()).toBe(false);
    renderApp('/v2/ui/buttons');
    expect(await screen.findByRole('heading', { name: /Страница не найдена/ })).toBeTruthy();
  });

  it('open on a development build', async () => {
    vi.stubEnv('DEV', true);
    renderApp('/en/v2/ui/colors');
    expect(await screen.findByRole('heading', { level: 1, name: 'Colours' })).toBeTruthy();
  });
});
