// @vitest-environment jsdom
import './dom-polyfills';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeProjects, project, projectsSession, renderProjectsPage } from './projects-harness';

vi.mock('../../src/services/board-images', () => ({
  useBoardImage: () => ({ status: 'none', src: null, retry: () => undefined }),
}));

let undo: (() => void)[] = [];
afterEach(() => {
  cleanup();
  for (const step of undo.reverse()) step();
  undo = [];
});

const PROJECTS = [
  project(1, { productType: 'pcb', status: 'actual' }),
  project(2, { productType: 'stencil', status: 'draft' }),
  project(3, { productType: 'stencil', status: 'actual' }),
  project(4, { productType: 'panel', status: 'draft' }),
];

function setup(path: string) {
  const fake = fakeProjects({ projects: PROJECTS });
  undo.push(fake.install());
  const { session } = projectsSession();
  undo.push(() => session.stop());
  return { fake, ...renderProjectsPage(path, session), user: userEvent.setup() };
}

const listed = () => [...document.querySelectorAll<HTMLElement>('[data-project-id]')].map((item) => Number(item.dataset.projectId)).sort();
const typeSelect = () => screen.getByLabelText('Тип изделия') as HTMLSelectElement;
const SORT = { code: 'activity', orderBy: 'desc' };

describe('projects by product type (menu sections Платы, Трафареты, Монтаж, Модули)', () => {
  it('opens /projects?type=stencil with the type chosen and asked for', async () => {
    const { fake } = setup('/projects?type=stencil');
    await waitFor(() => expect(listed()).toEqual([2, 3]));
    expect(fake.calls.count).toEqual([{ sort: SORT, filters: ['stencil'] }]);
    expect(typeSelect().value).toBe('stencil');
  });

  it('combines the type with a status view from the query', async () => {
    const { fake } = setup('/projects?status=draft&type=stencil');
    await waitFor(() => expect(listed()).toEqual([2]));
    expect(fake.calls.count).toEqual([{ sort: SORT, filters: ['draft', 'stencil'] }]);
  });

  it('puts the type chosen in the toolbar into the query, keeping the view, and takes it out for every type', async () => {
    const { fake, user, location } = setup('/projects?status=draft');
    await waitFor(() => expect(listed()).toEqual([2, 4]));
    await user.selectOptions(typeSelect(), 'Панель');
    expect(location.history.at(-1)).toBe('/projects?status=draft&type=panel');
    await waitFor(() => expect(listed()).toEqual([4]));
    expect(fake.calls.count.at(-1)).toEqual({ sort: SORT, filters: ['draft', 'panel'] });

    await user.click(screen.getByRole('tab', { name: /Доступны для заказа/ }));
    expect(location.history.at(-1)).toBe('/projects?type=panel&status=actual');
    await waitFor(() => expect(fake.calls.count.at(-1)).toEqual({ sort: SORT, filters: ['actual', 'panel'] }));

    await user.selectOptions(typeSelect(), 'Все типы');
    expect(location.history.at(-1)).toBe('/projects?status=actual');
    await waitFor(() => expect(listed()).toEqual([1, 3]));
  });

  it('ignores a type it does not know', async () => {
    const { fake } = setup('/projects?type=rocket');
    await waitFor(() => expect(listed()).toEqual([1, 2, 3, 4]));
    expect(fake.calls.count).toEqual([{ sort: SORT }]);
    expect(typeSelect().value).toBe('');
  });
});
