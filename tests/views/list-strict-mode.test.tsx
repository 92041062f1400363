// @vitest-environment jsdom
import './dom-polyfills';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ProjectsPage from '../../src/views/pages/projects/projects-page';
import { SessionProvider } from '../../src/views/components/session-context';
import { withQueryClient } from './harness-parts';
import { fakeProjects, project, projectsSession } from './projects-harness';

vi.mock('../../src/services/board-images', () => ({
  useBoardImage: () => ({ status: 'none', src: null, retry: () => undefined }),
}));

let undo: (() => void)[] = [];
afterEach(() => {
  cleanup();
  for (const step of undo) step();
  undo = [];
});

/** A call that, like ofetch, rejects with an AbortError as soon as its signal is aborted. */
const abortable = <T,>(signal: AbortSignal | undefined, value: T) => new Promise<T>((resolve, reject) => {
  const timer = setTimeout(() => resolve(value), 20);
  signal?.addEventListener('abort', () => {
    clearTimeout(timer);
    reject(new DOMException('The operation was aborted.', 'AbortError'));
  });
});

describe('a paged list under React StrictMode (npm run dev)', () => {
  it('shows its items although StrictMode stops the first actor and aborts its count', async () => {
    const fake = fakeProjects({ projects: [project(1, { title: 'Контроллер', status: 'actual' })] });
    const real = fake.gateway;
    undo.push(fakeProjects({ projects: [] }).install());
    const { provideProjectsCalls } = await import('../../src/services/projects');
    undo.push(provideProjectsCalls({
      ...real,
      count: (query, signal) => abortable(signal, 0).then(() => real.count(query)),
      list: (input, signal) => abortable(signal, 0).then(() => real.list(input)),
    }));
    const { session } = projectsSession();
    undo.push(() => session.stop());
    const location = memoryLocation({ path: '/projects', record: true });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <StrictMode>
        <SessionProvider value={session}>
          <Router hook={location.hook} searchHook={location.searchHook}>{withQueryClient(<ProjectsPage title="Проекты" />)}</Router>
        </SessionProvider>
      </StrictMode>,
    );
    await waitFor(() => expect(screen.getByRole('link', { name: 'Контроллер' })).toBeTruthy(), { timeout: 3000 });
  });
});
