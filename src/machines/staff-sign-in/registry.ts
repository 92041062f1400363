import { defineEntry, firstBroken, sampleError } from '../shared/registry-entry';
import { staffSignInMachine } from './staff-sign-in';

// Registry entry of the staff sign-in; src/machines/index.ts lists it with the rest.

const CHALLENGE = '5d1c7c3e-9a4b-4f8e-8f57-2a1d3b9c0e11';
const MEMBER = {
  id: 1, email: 'engineer@factory.ru', name: 'Ольга Инженер', role: 'engineer', passwordSet: true, secondFactorEnrolled: true,
  disabled: false, createdBy: null, createdAt: '2026-11-01T09:00:00.000Z',
} as const;

export const staffSignIn = defineEntry({
  machine: staffSignInMachine,
  title: { ru: 'Сотрудник: вход', en: 'Staff: sign-in' },
  screen: '/staff/sign-in',
  events: [
    { type: 'staffSignIn.submit', email: 'engineer@factory.ru', password: 'a-long-staff-secret' },
    { type: 'staffSignIn.submit', email: ' ', password: '' },
    { type: 'staffSignIn.submitCode', code: '123456' },
    { type: 'staffSignIn.submitCode', code: '12a' },
    { type: 'staffSignIn.back' },
  ],
  actorOutputs: {
    signIn: [
      { step: 'code', challengeId: CHALLENGE },
      { step: 'enrol', challengeId: CHALLENGE, secret: 'JBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://totp/PCB%20Portal:engineer?secret=JBSWY3DPEHPK3PXP' },
    ],
    confirmCode: [{ token: 'staff_sample', member: MEMBER }],
  },
  actorErrors: {
    signIn: [sampleError({ ru: 'Неверный логин или пароль', en: 'Wrong login or password' })],
    confirmCode: [
      sampleError({ ru: 'Неверный код', en: 'Wrong code' }, { field: 'code', code: 'code_wrong' }),
      sampleError({ ru: 'Слишком много попыток', en: 'Too many attempts' }, { field: 'code', code: 'too_many_attempts' }),
    ],
  },
  graphContext: (context) => ({ enrolling: context.enrolment !== null }),
  invariants: (snapshot) => firstBroken([
    [!snapshot.matches('secondFactor') || snapshot.context.challengeId !== null, 'the code step needs its challenge'],
    [snapshot.status !== 'done' || snapshot.context.token !== null, 'signed in implies a token'],
  ]),
});
