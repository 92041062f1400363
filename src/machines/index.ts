import { loginMachine } from './login';
import { profileCompletionMachine } from './profile-completion';
import { registrationMachine } from './registration';
import {
  SAMPLE_COUNTERS, SAMPLE_EMAIL_CODE_SENT, SAMPLE_OTHER_TOKEN, SAMPLE_PROCESS_ID, SAMPLE_REFRESHED_TOKEN,
  SAMPLE_SECOND_FACTOR_ID, SAMPLE_SMS_CODE_SENT, SAMPLE_TOKEN, SAMPLE_TOKEN_WITHOUT_SECRET, SAMPLE_USER,
} from './registry-examples';
import { sessionMachine, TOKEN_REFRESH_THRESHOLD_MS } from './session';
import { isTokenValid } from './token';
import { defineEntry, firstBroken, type MachineEntry } from './registry-entry';
import { listPaging } from './list-paging/registry';
import { notificationsPopup, updatesPopup } from './registry-shell';
import { groupsEntries } from './registry-groups';
import { accountClientsEntries } from './registry-account-clients';
import { accountModalsEntries } from './registry-account-modals';
import { accountProfileEntries } from './registry-account-profile';
import { projectsEntries } from './registry-projects';
import { ordersEntries } from './registry-orders';
import { cartEntries } from './registry-cart';

/**
 * THE REGISTRY of every machine: the flow visualizer draws them, `npm run flows` exports them,
 * and the model-based tests walk them with the sample events and actor outputs given here.
 */
export type { MachineEntry } from './registry-entry';

const session = defineEntry({
  id: 'session',
  machine: sessionMachine,
  title: { ru: 'Сессия', en: 'Session' },
  screen: '*',
  input: { token: SAMPLE_TOKEN, tokenAgeMs: 0, online: true },
  extraInputs: [
    { token: SAMPLE_TOKEN, tokenAgeMs: TOKEN_REFRESH_THRESHOLD_MS + 1, online: true },
    { token: SAMPLE_TOKEN_WITHOUT_SECRET, tokenAgeMs: 0, online: true },
    { token: null, tokenAgeMs: 0, online: false },
  ],
  events: [
    { type: 'session.signedIn', token: SAMPLE_OTHER_TOKEN },
    { type: 'session.signedIn', token: SAMPLE_TOKEN_WITHOUT_SECRET },
    { type: 'session.tokenNeeded' },
    { type: 'session.unauthorized', token: SAMPLE_TOKEN },
    { type: 'session.unauthorized', token: SAMPLE_REFRESHED_TOKEN },
    { type: 'session.unauthorized', token: null },
    { type: 'session.retryRejected' },
    { type: 'session.logout' },
    { type: 'session.refreshCounters' },
    { type: 'session.reloadUser' },
    { type: 'session.adjustNotifications', delta: -1 },
    { type: 'session.adjustNotifications', delta: 1 },
    { type: 'session.online' },
    { type: 'session.offline' },
  ],
  actorOutputs: {
    refreshToken: [{ accessToken: SAMPLE_REFRESHED_TOKEN }, { accessToken: 'not-a-jwt' }],
    loadUser: [SAMPLE_USER],
    loadCounters: [SAMPLE_COUNTERS],
    terminateCurrentSession: [{ ok: true }],
  },
  graphContext: (context) => context.token,
  invariants: (snapshot) => {
    const { token, user } = snapshot.context;
    return firstBroken([
      [!snapshot.hasTag('signedIn') || isTokenValid(token), 'signed in implies a valid token'],
      [!snapshot.hasTag('refreshing') || token !== null, 'refreshing implies a token to refresh'],
      [!snapshot.hasTag('anonymous') || (token === null && user === null), 'anonymous holds no token and no user'],
      [!snapshot.hasTag('userLoaded') || user !== null, 'userLoaded implies a user'],
      [user === null || user.notificationsCount >= 0, 'the unread count is never below 0'],
    ]);
  },
});

const login = defineEntry({
  id: 'login',
  machine: loginMachine,
  title: { ru: 'Вход', en: 'Sign-in' },
  screen: '/auth',
  input: {},
  extraInputs: [{ recoveryEmail: 'demo@example.ru', recoveryCode: '123456' }],
  events: [
    { type: 'login.submit', login: 'demo@example.ru', password: 'demo12345' },
    { type: 'login.submit', login: ' ', password: '' },
    { type: 'login.forgotPassword' },
    { type: 'login.back' },
    { type: 'secondFactor.choose', secondFactorType: 0 },
    { type: 'secondFactor.choose', secondFactorType: 1 },
    { type: 'secondFactor.submitCode', code: '123456' },
    { type: 'secondFactor.submitCode', code: '12a' },
    { type: 'secondFactor.resend' },
    { type: 'secondFactor.changeMethod' },
    { type: 'recovery.submitEmail', email: 'demo@example.ru' },
    { type: 'recovery.submitEmail', email: 'demo' },
    { type: 'recovery.submitReset', code: '123456', newPassword: 'new-secret-1' },
    { type: 'recovery.submitReset', code: '1', newPassword: 'short' },
    { type: 'recovery.toLogin' },
  ],
  actorOutputs: {
    signIn: [
      { result: 0, accessToken: SAMPLE_TOKEN },
      { result: 1, secondFactorId: SAMPLE_SECOND_FACTOR_ID, secondFactorTypes: [0] },
      { result: 1, secondFactorId: SAMPLE_SECOND_FACTOR_ID, secondFactorTypes: [0, 2] },
      { result: 2, accessToken: SAMPLE_TOKEN },
    ],
    sendCode: [SAMPLE_SMS_CODE_SENT],
    confirmSecondFactor: [{ result: 0, accessToken: SAMPLE_TOKEN }, { result: 2, accessToken: SAMPLE_TOKEN }],
    sendResetLink: [{ ok: true }],
    resetPassword: [{ ok: true }],
  },
  actorErrors: {
    signIn: [Object.assign(new Error('Неверный логин или пароль'), { field: 'password' })],
  },
  graphContext: (context) => ({
    severalMethods: context.secondFactorTypes.length > 1,
    resendAvailable: context.resendAvailable,
  }),
  invariants: (snapshot) => {
    const { context } = snapshot;
    return firstBroken([
      [!snapshot.matches('secondFactor') || context.secondFactorId !== null, 'second factor needs its id'],
      [!snapshot.matches({ secondFactor: 'enteringCode' }) || context.codeSent !== null, 'entering a code implies one was sent'],
      [snapshot.status !== 'done' || context.accessToken !== null, 'done implies an access token'],
    ]);
  },
});

const registration = defineEntry({
  id: 'registration',
  machine: registrationMachine,
  title: { ru: 'Регистрация', en: 'Registration' },
  screen: '/auth',
  input: undefined,
  events: [
    { type: 'registration.submitPhone', phone: '+7 (999) 123-45-67', usingFlashcall: false },
    { type: 'registration.submitPhone', phone: '8 999 123', usingFlashcall: true },
    { type: 'registration.submitCode', code: '123456' },
    { type: 'registration.submitCode', code: '12' },
    { type: 'registration.resendCode' },
    { type: 'registration.back' },
    { type: 'registration.submitEmail', email: 'new@example.ru' },
    { type: 'registration.submitEmail', email: 'new@' },
    { type: 'registration.submitUserData', password: 'secret-123', passwordRepeat: 'secret-123' },
    { type: 'registration.submitUserData', password: 'short', passwordRepeat: 'other' },
  ],
  actorOutputs: {
    enterPhone: [{ registrationProcessId: SAMPLE_PROCESS_ID, code: SAMPLE_SMS_CODE_SENT }],
    confirmCredential: [{ confirmed: 'phone' }],
    enterEmail: [{ registrationProcessId: SAMPLE_PROCESS_ID, code: SAMPLE_EMAIL_CODE_SENT }],
    createProfile: [{ accessToken: SAMPLE_TOKEN }],
  },
  invariants: (snapshot) => {
    const { context } = snapshot;
    const pastPhone = !snapshot.hasTag('phone');
    return firstBroken([
      [!pastPhone || context.registrationProcessId !== null, 'steps after the phone need a process id'],
      [!pastPhone || /^\+7\d{10}$/.test(context.phone), 'the phone is normalised to +7XXXXXXXXXX'],
      [snapshot.status !== 'done' || context.accessToken !== null, 'done implies an access token'],
    ]);
  },
});

const profileCompletion = defineEntry({
  id: 'profileCompletion',
  machine: profileCompletionMachine,
  title: { ru: 'Заполнение профиля', en: 'Profile completion' },
  screen: '/auth/filling-profile',
  input: undefined,
  events: [
    { type: 'profile.submit', firstName: 'Иван', patronymic: '', lastName: 'Демидов', isMale: true },
    { type: 'profile.submit', firstName: ' ', patronymic: 'Петрович', lastName: '', isMale: null },
  ],
  actorOutputs: { fillProfile: [{ ok: true }] },
  invariants: (snapshot) =>
    firstBroken([[!snapshot.hasTag('busy') || Object.keys(snapshot.context.fieldErrors).length === 0, 'saving implies no field errors']]),
});

export const machineRegistry: readonly MachineEntry[] = [
  session, login, registration, profileCompletion, listPaging, notificationsPopup, updatesPopup, ...groupsEntries,
  ...accountProfileEntries, ...accountClientsEntries, ...accountModalsEntries, ...projectsEntries, ...ordersEntries, ...cartEntries,
];

export type MachineId = (typeof machineRegistry)[number]['id'];
