// @vitest-environment jsdom
import './dom-polyfills';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { provideInvoicesCalls } from '../../src/services/invoices';
import { provideOrderLinesCalls } from '../../src/services/order-lines';
import { provideProjectSetsCalls } from '../../src/services/project-sets';
import { renderApp } from './app-harness';
import { fakeList, fakeProjectSets, projectSet } from './lists-harness';
import { fakeProjects, project } from './projects-harness';
import { resetShell } from './shell-harness';

let undo: (() => void)[] = [];
beforeEach(() => {
  resetShell();
  // The pages the sections open answer from memory; what they show has its own tests.
  undo.push(
    fakeProjects({ projects: [project(1, { productType: 'stencil', status: 'actual' })] }).install(),
    provideInvoicesCalls(fakeList([], () => true).gateway),
    provideOrderLinesCalls(fakeList([], () => true).gateway),
    provideProjectSetsCalls(fakeProjectSets({ sets: [projectSet(7, 'kit', { name: 'Метеостанция' })] }).gateway),
  );
});
afterEach(() => {
  cleanup();
  for (const step of undo.reverse()) step();
  undo = [];
});

const menu = () => screen.findByRole('navigation', { name: 'Главное меню' });
const sectionsOf = async (entry: string) => within(within(await menu()).getByRole('list', { name: `Разделы: ${entry}` }));
const linksOf = async (entry: string) => (await sectionsOf(entry)).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);
const current = async () =>
  within(await menu())
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.textContent);

describe('main menu sections', () => {
  it('lists the sections of Проекты and Заказы under them, none current on the home page', async () => {
    renderApp('/');
    expect(await linksOf('Проекты')).toEqual([
      ['Платы', '/projects?type=pcb'],
      ['Трафареты', '/projects?type=stencil'],
      ['Монтаж', '/projects?type=mounting'],
      ['Модули', '/projects?type=module'],
      ['Папки', '/folders'],
      ['Комплекты', '/kits'],
    ]);
    expect(await linksOf('Заказы')).toEqual([['Позиции', '/positions'], ['Счета', '/invoices']]);
    expect(await current()).toEqual(['Главная']);
  });

  it('marks the section of the page, not its entry', async () => {
    renderApp('/projects?type=stencil');
    await waitFor(async () => expect(await current()).toEqual(['Трафареты']));
    expect((await sectionsOf('Проекты')).getByRole('link', { name: 'Трафареты' }).className).toContain('main-menu__section--active');
    cleanup();

    renderApp('/invoices');
    await waitFor(async () => expect(await current()).toEqual(['Счета']));
  });

  it('keeps Комплекты marked on a kit’s own page', async () => {
    renderApp('/kits/7');
    await screen.findByRole('heading', { level: 1, name: 'Метеостанция' });
    expect(await current()).toEqual(['Комплекты']);
  });

  it('keeps the language in the sections’ links', async () => {
    renderApp('/en');
    const sections = within(within(await screen.findByRole('navigation', { name: 'Main menu' })).getByRole('list', { name: 'Sections: Orders' }));
    expect(sections.getByRole('link', { name: 'Invoices' }).getAttribute('href')).toBe('/en/invoices');
  });

  it('in mini mode opens the sections as a menu from the keyboard', async () => {
    const user = userEvent.setup();
    const { location } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Свернуть меню' }));
    expect(within(await menu()).queryByRole('list', { name: 'Разделы: Заказы' })).toBeNull();
    const trigger = within(await menu()).getByRole('button', { name: 'Разделы: Заказы' });
    trigger.focus();
    await user.keyboard('{Enter}');
    const sections = within(await screen.findByRole('menu', { name: 'Разделы: Заказы' }));
    expect(sections.getAllByRole('menuitem').map((item) => [item.textContent, item.getAttribute('href')])).toEqual([
      ['Позиции', '/positions'], ['Счета', '/invoices'],
    ]);
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Позиции'));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(location.history.at(-1)).toBe('/positions'));
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });
});
