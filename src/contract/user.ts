import { array, boolean, enums, nullable, number, object, optional, string, type Infer } from 'superstruct';
import { defineCall } from './call';
import { okResponse, password, requiredText, text, uuid } from './fields';

export const userSummary = object({
  id: number(),
  email: nullable(string()),
  phone: nullable(string()),
  firstName: string(),
  patronymic: string(),
  lastName: string(),
  avatar: nullable(string()),
  /** null when the user has not said. */
  isMale: nullable(boolean()),
  notificationsCount: number(),
  isFilled: boolean(),
  /** True when a staff member signed in as this customer with GetStrangerToken. */
  isStranger: boolean(),
  /** When the account was made (ISO): a release older than the account is news to nobody. */
  registeredAt: optional(string()),
});
export type UserSummary = Infer<typeof userSummary>;

export const getMySummary = defineCall({
  method: 'GET', path: '/account/user/getMySummary', access: 'user', response: userSummary,
});

export const userDetailedInfo = object({
  summary: userSummary,
  reservePhone: nullable(string()),
  reserveEmail: nullable(string()),
  /** Second-factor methods enabled for the account; empty when sign-in needs only the password. */
  secondFactorTypes: array(enums([0, 1, 2])),
  createdAt: string(),
});
export type UserDetailedInfo = Infer<typeof userDetailedInfo>;

export const getMyDetailedInfo = defineCall({
  method: 'GET', path: '/account/user/GetMyDetailedInfo', access: 'user', response: userDetailedInfo,
});

export const profileCompletedResponse = object({ isFilled: boolean() });
export type ProfileCompletedResponse = Infer<typeof profileCompletedResponse>;

export const profileCompleted = defineCall({
  method: 'GET', path: '/user-profile/completed', access: 'user', response: profileCompletedResponse,
});

/** Our addition: the call that /auth/filling-profile saves through (the spec names no call for it). */
export const fillProfileRequest = object({
  firstName: requiredText(100),
  patronymic: optional(text(100)),
  lastName: requiredText(100),
  isMale: nullable(boolean()),
});
export type FillProfileRequest = Infer<typeof fillProfileRequest>;

export const fillProfile = defineCall({
  method: 'POST', path: '/user-profile/fill', access: 'user', body: fillProfileRequest, response: okResponse,
});

export const session = object({
  sessionId: uuid,
  deviceInfo: string(),
  location: string(),
  ip: string(),
  createdAt: string(),
  lastSeenAt: string(),
  isCurrent: boolean(),
});
export type Session = Infer<typeof session>;

export const getSessions = defineCall({
  method: 'GET', path: '/account/Authorization/GetSessions', access: 'user', response: array(session),
});

export const terminateCurrentSession = defineCall({
  method: 'GET', path: '/account/Authorization/TerminateCurrentSession', access: 'user', response: okResponse,
});

export const terminateSessionQuery = object({ sessionId: uuid });
export const terminateSession = defineCall({
  method: 'GET', path: '/account/Authorization/TerminateSession', access: 'user',
  query: terminateSessionQuery, response: okResponse,
});

export const resetPasswordWithOldRequest = object({ oldPassword: requiredText(128), newPassword: password });
export type ResetPasswordWithOldRequest = Infer<typeof resetPasswordWithOldRequest>;

export const resetPasswordWithOld = defineCall({
  method: 'POST', path: '/account/Credentials/ResetPasswordWithOld', access: 'user',
  body: resetPasswordWithOldRequest, response: okResponse,
});
