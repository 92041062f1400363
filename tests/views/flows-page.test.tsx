// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { machineRegistry } from '../../src/machines/index';
import type { PathsReport } from '../../src/services/flows/coverage';
import { applyLocale, loadPortalTexts } from '../../src/services/i18n';
import { FlowsView } from '../../src/views/pages/flows/flows-view';
import type { LiveUpdate } from '../../src/views/pages/flows/live-mode';
import { withQueryClient } from './harness-parts';

afterEach(cleanup);

// ELK lays out every machine in well under a second in node, but jsdom runs are slower: give it room.
const LAYOUT_WAIT = { timeout: 15_000 };

const report: PathsReport = {
  machines: machineRegistry.map((entry, index) => ({
    id: entry.id,
    states: { covered: 3 + index, total: 10, uncovered: [`${entry.id}.missing`] },
    transitions: { covered: 20 + index, total: 20 + index, uncovered: [] },
    paths: 11 + index,
    coveredStates: [entry.id],
    coveredEdges: [],
    browserPaths: 0,
  })),
  browserPaths: 0,
};

function renderFlows(path: string, options: { coverage?: PathsReport | null; live?: (listener: (update: LiveUpdate) => void) => () => void } = {}) {
  applyLocale(path.startsWith('/en/') ? 'en' : 'ru');
  const location = memoryLocation({ path, record: true });
  const { coverage = report, live } = options;
  const view = render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      {withQueryClient(<FlowsView title="Схемы процессов" loadCoverage={() => Promise.resolve(coverage)} liveSource={live} />)}
    </Router>,
  );
  return { ...view, location };
}

const diagram = () => screen.findByRole('figure', {}, LAYOUT_WAIT);

describe('flows page', () => {
  // The page renders inside the signed-in frame, whose layouts load the portal's texts first.
  beforeAll(() => loadPortalTexts());

  it('lists every registered machine by its title with its coverage totals', async () => {
    renderFlows('/flows');
    const list = screen.getByRole('navigation', { name: 'Машины состояний' });
    for (const [index, entry] of machineRegistry.entries()) {
      const link = await within(list).findByRole('link', { name: new RegExp(entry.title.ru) });
      expect(link.textContent).toContain(`Состояния ${3 + index}/10`);
      expect(link.textContent).toContain(`Переходы ${20 + index}/${20 + index}`);
    }
    expect(await screen.findByText(/Покрытие путями: состояния 3\/10 \(30 %\), переходы 20\/20 \(100 %\), путей 11/)).toBeTruthy();
  });

  it('draws the session machine with its 105 s refresh delay, coloured by coverage', async () => {
    renderFlows('/flows?machine=session');
    const figure = await diagram();
    expect(figure.textContent).toContain('after 105 s');
    // Only the root is covered in this report: every other state is flagged.
    const state = figure.querySelector('g[data-state="session.anonymous"] rect');
    expect(state?.getAttribute('stroke')).toBe('#dc2626');
  });

  it('says coverage comes with a build when an unbuilt app has no report', async () => {
    renderFlows('/flows', { coverage: null });
    expect(await screen.findByText(/Покрытие путей появится после сборки приложения/)).toBeTruthy();
  });

  it('names where a flow runs in the page\'s language: no Russian in the English list', async () => {
    renderFlows('/en/flows');
    const list = await screen.findByRole('navigation', { name: 'State machines' });
    expect(within(list).getAllByText('/ · header').length).toBeGreaterThan(0);
    expect(list.textContent).not.toMatch(/[А-Яа-яЁё]/);
  });

  it('simulates the login machine into the second factor after a result-1 sign-in', async () => {
    const user = userEvent.setup();
    renderFlows('/flows?machine=login');
    const figure = await diagram();
    await user.click(screen.getByRole('switch', { name: 'Симуляция' }));
    expect(screen.getByRole('status').textContent).toContain('start.editing');
    await user.click(screen.getByRole('button', { name: /login\.submit.*demo12345/ }));
    const call = await screen.findByRole('group', { name: 'Вызов signIn' });
    expect(call.textContent).not.toContain('{"');
    await user.click(within(call).getByRole('button', { name: /Успех.*result: 1.*secondFactorTypes: 0$/ }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('secondFactor.sendingCode'));
    expect(figure.querySelector('g[data-state="login.secondFactor.sendingCode"]')?.classList.contains('is-current')).toBe(true);
    expect(figure.querySelector('g[data-state="login.start.editing"]')?.classList.contains('is-current')).toBe(false);
  });

  it('fires the session\'s 105 s timer on the simulated clock: the fresh token expires', async () => {
    const user = userEvent.setup();
    renderFlows('/flows?machine=session');
    const figure = await diagram();
    await user.click(screen.getByRole('switch', { name: 'Симуляция' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('signedIn.token.fresh'));
    await user.click(screen.getByRole('button', { name: 'Прошло: fresh: 105 s' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('signedIn.token.expired'));
    expect(figure.querySelector('g[data-state="session.signedIn.token.expired"]')?.classList.contains('is-current')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Сбросить' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('signedIn.token.fresh'));
  });

  it('opens a side panel with a clicked state\'s details and closes it on Escape', async () => {
    const user = userEvent.setup();
    renderFlows('/flows?machine=login');
    const figure = await diagram();
    await user.click(figure.querySelector('g[data-state="login.start.signingIn"] text') as Element);
    const panel = screen.getByRole('complementary', { name: 'Состояние signingIn' });
    expect(panel.textContent).toContain('login.start.signingIn');
    expect(panel.textContent).toContain('signIn');
    expect(panel.textContent).toContain('busy');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('complementary', { name: 'Состояние signingIn' })).toBeNull();
  });

  it('follows the live app: the state it reports is highlighted', async () => {
    const user = userEvent.setup();
    let send: (update: LiveUpdate) => void = () => undefined;
    renderFlows('/flows?machine=login', { live: (listener) => { send = listener; return () => undefined; } });
    const figure = await diagram();
    await user.click(screen.getByRole('switch', { name: 'Следить за приложением' }));
    act(() => send({ machineId: 'login', value: { recovery: 'enteringEmail' }, eventType: 'login.forgotPassword' }));
    expect(screen.getByText(/Приложение: recovery.enteringEmail после login.forgotPassword/)).toBeTruthy();
    expect(figure.querySelector('g[data-state="login.recovery.enteringEmail"]')?.classList.contains('is-current')).toBe(true);
  });
});
