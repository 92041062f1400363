// @vitest-environment jsdom
import './dom-polyfills';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UPDATES_STORAGE_KEY } from '../../src/services/updates';
import { fakeClients } from './clients-harness';
import { fakeNotifications } from './notifications-harness';
import { fakeOrders } from './orders-harness';
import { fakeProjects } from './projects-harness';
import { renderApp } from './app-harness';
import { resetShell } from './shell-harness';

/** How many times the what's-new modal's module was loaded (the real module each time). */
const loads = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/views/components/updates/updates-popup', async (importOriginal) => {
  loads.count += 1;
  return importOriginal();
});

let undo: (() => void)[] = [];
beforeEach(() => {
  resetShell();
  undo = [fakeNotifications([]), fakeProjects({ projects: [] }), fakeOrders({ orders: [] }), fakeClients({ clients: [] })].map((fake) => fake.install());
});
afterEach(() => {
  cleanup();
  for (const step of undo.reverse()) step();
});

// In this order: once loaded, a module stays loaded for the rest of the file.
describe("the what's-new modal's code", () => {
  it('is not loaded for a user who will not see it (the modal turned off)', async () => {
    localStorage.setItem(UPDATES_STORAGE_KEY, 'disabled');
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Панель управления' }, { timeout: 5000 })).toBeTruthy();
    // The frame has committed and its after-commit parts have had their turn.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(loads.count).toBe(0);
  });

  it('is loaded, and the modal shown, for a user who has not seen this release', async () => {
    localStorage.setItem(UPDATES_STORAGE_KEY, '01-06-2025');
    renderApp('/');
    expect(await screen.findByRole('dialog', { name: 'Что нового' }, { timeout: 5000 })).toBeTruthy();
    expect(loads.count).toBe(1);
  });
});
