import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import {
  shouldShowUpdates, UPDATES_RELEASE, updatesPopupMachine,
} from '../../src/machines/updates-popup/updates-popup';

function startPopup(stored: string | null, registeredAt: string | null = null) {
  const spies = { storeRelease: vi.fn(), openUpdatesPage: vi.fn() };
  const actor = createActor(updatesPopupMachine.provide({ actions: spies }), { input: { stored, registeredAt } });
  actor.start();
  return { actor, spies };
}

describe("what's new popup", () => {
  it.each([
    ['2026-11-28T09:15:00.000Z', false],
    ['2025-08-28T00:00:01.000Z', false],
    ['2025-08-27T23:00:00.000Z', true],
    ['2023-03-01T12:00:00.000Z', true],
  ] as const)('a user registered at %s with nothing stored is shown it: %s', (registeredAt, shown) => {
    expect(shouldShowUpdates(null, registeredAt)).toBe(shown);
    const { actor, spies } = startPopup(null, registeredAt);
    expect(actor.getSnapshot().matches('shown')).toBe(shown);
    // Not shown, nothing is stored: the value stays the user's own choice.
    expect(spies.storeRelease).toHaveBeenCalledTimes(shown ? 1 : 0);
  });

  it('describes the release of 28 August 2025', () => {
    expect(UPDATES_RELEASE).toBe('28-08-2025');
  });

  it.each([
    [null, true],
    ['15-05-2025', true],
    ['28-08-2025', false],
    ['disabled', false],
  ] as const)('with %s stored is shown: %s', (stored, shown) => {
    expect(shouldShowUpdates(stored)).toBe(shown);
    const { actor, spies } = startPopup(stored);
    expect(actor.getSnapshot().matches('shown')).toBe(shown);
    expect(spies.storeRelease).toHaveBeenCalledTimes(shown ? 1 : 0);
    if (shown) expect(spies.storeRelease).toHaveBeenCalledWith(expect.anything(), { release: UPDATES_RELEASE });
  });

  it("closes on 'Понятно'", () => {
    const { actor, spies } = startPopup(null);
    actor.send({ type: 'updates.acknowledge' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(spies.openUpdatesPage).not.toHaveBeenCalled();
  });

  it("opens the update history on 'Все изменения' and closes", () => {
    const { actor, spies } = startPopup('15-05-2025');
    actor.send({ type: 'updates.showAll' });
    expect(spies.openUpdatesPage).toHaveBeenCalledOnce();
    expect(actor.getSnapshot().status).toBe('done');
  });
});
