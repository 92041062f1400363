import type { CodeSentResponse, SecondFactorType } from '../../contract/auth';
import type { FieldErrors } from '../shared/form-checks';

/** The recovery link `/auth?reset=1&code=…` (older letters: `&email=…&code=…`) opens the flow at the code step. */
export interface LoginInput {
  recoveryEmail?: string;
  recoveryCode?: string;
}

export interface LoginOutput {
  accessToken: string;
  profileCompleted: boolean;
}

export interface LoginContext {
  login: string;
  errorMessage: string | null;
  errorField: string | null;
  fieldErrors: FieldErrors;
  secondFactorId: string | null;
  secondFactorTypes: SecondFactorType[];
  chosenType: SecondFactorType | null;
  codeSent: CodeSentResponse | null;
  resendAvailable: boolean;
  recoveryEmail: string;
  /** Prefilled from the recovery link; the view seeds its code field with it. */
  recoveryCode: string;
  accessToken: string | null;
  profileCompleted: boolean;
}

export type LoginEvent =
  | { type: 'login.submit'; login: string; password: string }
  | { type: 'login.forgotPassword' }
  | { type: 'login.back' }
  | { type: 'secondFactor.choose'; secondFactorType: SecondFactorType }
  | { type: 'secondFactor.submitCode'; code: string }
  | { type: 'secondFactor.resend' }
  | { type: 'secondFactor.changeMethod' }
  | { type: 'recovery.submitEmail'; email: string }
  | { type: 'recovery.submitReset'; code: string; newPassword: string }
  | { type: 'recovery.toLogin' };
