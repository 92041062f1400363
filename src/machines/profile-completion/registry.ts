import { defineEntry, firstBroken } from '../shared/registry-entry';
import { profileCompletionMachine } from './profile-completion';

// Registry entry of the profile completion machine; src/machines/index.ts lists it with the rest.

export const profileCompletion = defineEntry({
  machine: profileCompletionMachine,
  title: { ru: 'Заполнение профиля', en: 'Profile completion' },
  screen: '/auth/filling-profile',
  events: [
    { type: 'profile.submit', firstName: 'Иван', patronymic: '', lastName: 'Демидов', isMale: true },
    { type: 'profile.submit', firstName: ' ', patronymic: 'Петрович', lastName: '', isMale: null },
  ],
  actorOutputs: { fillProfile: [{ ok: true }] },
  invariants: (snapshot) =>
    firstBroken([[!snapshot.hasTag('busy') || Object.keys(snapshot.context.fieldErrors).length === 0, 'saving implies no field errors']]),
});
