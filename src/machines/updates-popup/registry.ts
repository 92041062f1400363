import { defineEntry, firstBroken } from '../shared/registry-entry';
import { shouldShowUpdates, UPDATES_RELEASE, updatesPopupMachine } from './updates-popup';

// Registry entry of the “what's new” popup; src/machines/index.ts lists it with the rest.

export const updatesPopup = defineEntry({
  machine: updatesPopupMachine,
  title: { ru: 'Что нового', en: "What's new" },
  screen: '/',
  place: 'layoutV2',
  input: { stored: null },
  extraInputs: [
    { stored: UPDATES_RELEASE },
    { stored: 'disabled' },
    { stored: '15-05-2025' },
    { stored: null, registeredAt: '2026-11-28T10:00:00.000Z' },
    { stored: null, registeredAt: '2024-01-10T10:00:00.000Z' },
  ],
  events: [{ type: 'updates.acknowledge' }, { type: 'updates.showAll' }],
  actorOutputs: {},
  invariants: (snapshot) =>
    firstBroken([
      [!snapshot.matches('shown') || shouldShowUpdates(snapshot.context.stored, snapshot.context.registeredAt), 'shown only by the rule of spec 2.4'],
    ]),
});
