import type { Infer } from 'superstruct';
import type { CodeSentResponse } from '../../contract/auth';
import type {
  confirmNewCredential, confirmOldCredential, CredentialType, credentialTypeInfo, startCredentialChangingRequest,
} from '../../contract/credentials';
import type { FieldErrors } from '../shared/form-checks';

/** One current credential as GetCredentialTypes lists it. */
export type CredentialMethod = Infer<typeof credentialTypeInfo>;

export interface CredentialChangeInput {
  /** The credential being changed: the sign-in phone or e-mail. */
  credentialTypeCode: CredentialType;
}

/** The stored phone and e-mail after the change, as ConfirmNewCredential answers. */
export type CredentialChangeResult = Infer<(typeof confirmNewCredential)['response']>;

export interface CredentialChangeContext {
  credentialTypeCode: CredentialType;
  /** Current credentials that can receive the first code (canConfirm). */
  methods: CredentialMethod[];
  method: CredentialType | null;
  /** Normalised: +7XXXXXXXXXX or a trimmed e-mail. */
  newValue: string;
  changingProcessId: string | null;
  codeSent: CodeSentResponse | null;
  resendAvailable: boolean;
  result: CredentialChangeResult | null;
  errorMessage: string | null;
  errorField: string | null;
  fieldErrors: FieldErrors;
}

export type CredentialChangeEvent =
  | { type: 'change.retry' }
  | { type: 'change.chooseMethod'; method: CredentialType }
  | { type: 'change.submitValue'; value: string }
  | { type: 'change.submitCode'; code: string }
  | { type: 'change.resend' }
  | { type: 'change.back' };

export type StartChangingInput = Infer<typeof startCredentialChangingRequest>;
/** `{ changingProcessId, code }`: ConfirmOldCredential and ConfirmNewCredential take the same body. */
export type ChangingCodeInput = Infer<NonNullable<(typeof confirmOldCredential)['body']>>;
