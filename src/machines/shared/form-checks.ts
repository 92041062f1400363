import { is } from 'superstruct';
import { RESET_LINK_CODE, resetCode } from '../../contract/auth';
import { code as codeField, email as emailField } from '../../contract/fields';

/** Field name → locale KEY of the message; the view translates it. */
export type FieldErrors = Record<string, string>;

export const FIELD_ERROR = {
  required: 'auth.errors.required',
  codeFormat: 'auth.errors.codeFormat',
  emailFormat: 'auth.errors.emailFormat',
  phoneFormat: 'auth.errors.phoneFormat',
  passwordShort: 'auth.errors.passwordShort',
  passwordMismatch: 'auth.errors.passwordMismatch',
} as const;

const MIN_PASSWORD_LENGTH = 8;

/** Spec: a new code may be asked for 30 s after the last one (longer if the gateway says so). */
export const RESEND_COOLDOWN_MS = 30_000;

export const isFilled = (value: string): boolean => value.trim().length > 0;
export const isCodeWellFormed = (value: string): boolean => is(value.trim(), codeField);
/** The code typed from the recovery letter, or the longer one its link carries. */
export const isResetCodeWellFormed = (value: string): boolean => is(value.trim(), resetCode);
/** The link's code names the reset by itself; a typed one needs the address with it. */
export const isResetLinkCode = (value: string): boolean => RESET_LINK_CODE.test(value.trim());
export const isEmailWellFormed = (value: string): boolean => is(value.trim(), emailField);
export const isPasswordLongEnough = (value: string): boolean => value.length >= MIN_PASSWORD_LENGTH;

/** Keeps only the failing checks: `{ login: FIELD_ERROR.required, password: null }` gives `{ login: 'auth.errors.required' }`. */
export function fieldErrors(checks: Record<string, string | null>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [field, key] of Object.entries(checks)) if (key) errors[field] = key;
  return errors;
}

interface GatewayError {
  errorMessage: string;
  errorField: string | null;
}

/**
 * The api client throws an Error whose message is the gateway's `error` text and which may carry
 * the offending `field`. An error without text gives '' (the view shows its generic message then).
 */
export function readGatewayError(error: unknown): GatewayError {
  const field = typeof error === 'object' && error !== null && 'field' in error ? error.field : null;
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return { errorMessage: message, errorField: typeof field === 'string' ? field : null };
}
