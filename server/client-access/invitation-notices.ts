import { and, eq, isNull, sql } from 'drizzle-orm';
import { normalizeEmail } from '../auth/login-id';
import type { GatewayContext } from '../context';
import type { Db } from '../db/connect';
import { users } from '../db/schema';
import { invitations } from './schema';
import type { Lang } from '../http/messages';
import { invitationLetter } from '../letters/invitation-letter';
import { createNotifications, type NotificationDraft } from '../notifications/create';
import { personName } from './people';
import { selectInvitations } from './views';

export const pendingInvitationWhere = () =>
  and(isNull(invitations.acceptedAt), isNull(invitations.declinedAt), isNull(invitations.canceledAt));

/**
 * InvitationToClient to `userId` for every pending invitation to `email` (or only `invitationId`). Invite calls it
 * for a registered invitee; registration calls it for a user who registers after being invited, so they learn of
 * the invitations sent before they had an account. Pass the transaction that creates the user or the invitation.
 */
export async function notifyInvitee(
  db: Db, userId: number, email: string, now: Date, invitationId?: number,
): Promise<void> {
  const rows = await selectInvitations(db, and(
    eq(invitations.email, normalizeEmail(email)), pendingInvitationWhere(),
    invitationId === undefined ? undefined : eq(invitations.id, invitationId),
  ));
  const drafts: Array<NotificationDraft<'InvitationToClient'>> = rows.map((row) => ({
    userId, type: 'InvitationToClient',
    content: { CreatorName: personName(row.creator), ClientName: row.clientName, InvitationId: row.invitation.id },
  }));
  await createNotifications(db, drafts, now);
}

/**
 * The letter to the invited e-mail, registered or not: who invites, to which client, and to sign in or register with
 * this e-mail to answer. A registered invitee reads it in their own language, anyone else in the inviter's. Sent after
 * the invitation is stored; a failed delivery is logged, not answered, since the invitation itself exists and a retry
 * would only meet `invitation_pending`.
 */
export async function sendInvitationLetter(
  ctx: GatewayContext, lang: Lang, letter: { email: string; clientName: string; creatorName: string },
): Promise<void> {
  try {
    const [invitee] = await ctx.db.select({ lang: users.lang }).from(users).where(sql`lower(${users.email}) = ${normalizeEmail(letter.email)}`).limit(1);
    const rendered = invitationLetter(invitee?.lang ?? lang, ctx.config.publicUrl, letter);
    await ctx.delivery.deliver({ channel: 'email', recipient: letter.email, code: null, ...rendered });
  } catch (error) {
    ctx.log.error({ err: error }, 'invitation letter was not delivered');
  }
}
