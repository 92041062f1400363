import type { FastifyInstance } from 'fastify';
import * as cred from '../../src/contract/credentials';
import { maskEmail, maskPhone } from '../auth/login-id';
import type { AuthContext } from '../http/callers';
import type { GatewayContext } from '../context';
import {
  confirmNewCredential, confirmOldCredential, resendCredentialCode, startCredentialChange,
} from './change';
import { confirmReserve, removeReserve, startReserveConfirmation } from './reserve';
import { unauthorized } from '../http/errors';
import { registerCall, signedIn } from '../http/register-call';
import { findUserById } from '../users/users';

/** Starting sends a code, so starts are counted per user; confirmations per process, as ConfirmCredential is. */
const perUser = ({ auth }: { auth: AuthContext | null }) => `user:${auth?.userId ?? 0}`;

/** Credential change and reserve contacts. */
export function registerCredentialRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  registerCall(app, ctx, cred.getCredentialTypes, async (input) => {
    const user = await findUserById(ctx.db, signedIn(input).userId);
    if (!user) throw unauthorized();
    return [
      { code: 'RegistrationPhone' as const, maskedValue: user.phone === null ? null : maskPhone(user.phone), canConfirm: user.phone !== null },
      { code: 'RegistrationEmail' as const, maskedValue: user.email === null ? null : maskEmail(user.email), canConfirm: user.email !== null },
    ];
  });

  registerCall(app, ctx, cred.startCredentialChanging, async (input) =>
    startCredentialChange(ctx, signedIn(input).userId, input.body, input.lang), { rateLimitKey: perUser });

  registerCall(app, ctx, cred.confirmOldCredential, async (input) =>
    confirmOldCredential(ctx, signedIn(input).userId, input.body, input.lang),
  { rateLimitKey: ({ body }) => body.changingProcessId });

  registerCall(app, ctx, cred.confirmNewCredential, async (input) =>
    confirmNewCredential(ctx, signedIn(input).userId, input.body),
  { rateLimitKey: ({ body }) => body.changingProcessId });

  registerCall(app, ctx, cred.resendCredentialCode, async (input) =>
    resendCredentialCode(ctx, signedIn(input).userId, input.body.changingProcessId, input.lang));

  registerCall(app, ctx, cred.startReservePhoneConfirmation, async (input) =>
    startReserveConfirmation(ctx, signedIn(input).userId, 'ReservePhone', input.body?.phone, input.lang), { rateLimitKey: perUser });

  registerCall(app, ctx, cred.startReserveEmailConfirmation, async (input) =>
    startReserveConfirmation(ctx, signedIn(input).userId, 'ReserveEmail', input.body?.email, input.lang), { rateLimitKey: perUser });

  registerCall(app, ctx, cred.confirmReservePhone, async (input) =>
    confirmReserve(ctx, signedIn(input).userId, 'ReservePhone', input.body),
  { rateLimitKey: ({ body }) => body.confirmationId });

  registerCall(app, ctx, cred.confirmReserveEmail, async (input) =>
    confirmReserve(ctx, signedIn(input).userId, 'ReserveEmail', input.body),
  { rateLimitKey: ({ body }) => body.confirmationId });

  registerCall(app, ctx, cred.removeReserveContact, async (input) =>
    removeReserve(ctx, signedIn(input).userId, input.body.kind));
}
