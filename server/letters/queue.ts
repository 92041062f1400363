import { and, asc, eq, or } from 'drizzle-orm';
import { CLIENT_ROLES } from '../../src/contract/clients';
import type { OrderLetter } from '../../src/contract/letters';
import type { GatewayContext } from '../context';
import type { Db } from '../db/connect';
import { clientUsers, users } from '../db/schema';
import type { OutboxAttachment } from '../delivery/schema';
import type { Delivery } from '../delivery/delivery';
import type { Lang } from '../http/messages';
import { composeOrderLetter, type LetterRecipient, type OrderLetterFacts } from './order-letters';
import { letterText } from './texts';

/** What queuing a letter needs of the gateway: the outbox, and the portal's address for the letter's links. */
export interface LetterPost {
  delivery: Pick<Delivery, 'queue'>;
  publicUrl: string;
}

export const letterPostOf = (ctx: Pick<GatewayContext, 'delivery' | 'config'>): LetterPost =>
  ({ delivery: ctx.delivery, publicUrl: ctx.config.publicUrl });

type Recipient = LetterRecipient & { mutedLetters: readonly string[] };

/**
 * The user who placed the order, while still a member of its client; otherwise the client's owner, so an invoice
 * still reaches the customer (docs/decisions.md "Letters"). A former member never reads the client's orders again.
 */
async function recipientOf(tx: Db, facts: OrderLetterFacts): Promise<Recipient | null> {
  const placer = facts.placedByUserId;
  const rows = await tx.select({
    userId: users.id, email: users.email, lang: users.lang, firstName: users.firstName, mutedLetters: users.mutedLetters,
  }).from(clientUsers).innerJoin(users, eq(users.id, clientUsers.userId))
    .where(and(eq(clientUsers.clientId, facts.clientId),
      placer === null ? eq(clientUsers.role, CLIENT_ROLES.owner) : or(eq(clientUsers.userId, placer), eq(clientUsers.role, CLIENT_ROLES.owner))))
    .orderBy(asc(users.id));
  const row = rows.find((one) => one.userId === placer) ?? rows[0];
  if (!row?.email) return null;
  return { email: row.email, lang: row.lang, firstName: row.firstName, isPlacer: row.userId === placer, mutedLetters: row.mutedLetters };
}

/** The invoice's PDF is drawn when the letter is sent, outside the transaction that issues it. */
function invoiceAttachment(lang: Lang, facts: OrderLetterFacts): OutboxAttachment[] {
  if (!facts.invoice) return [];
  return [{ filename: letterText(lang, 'invoiceFile', { invoice: facts.invoice.number }), contentType: 'application/pdf', invoiceId: facts.invoice.id }];
}

/**
 * Queues the letter of an order's change in the transaction that makes the change, so it exists exactly when the
 * change committed. `kinds` are what the letter tells: one placed held at the check tells both, and goes unless the
 * recipient turned both off.
 */
export async function queueOrderLetter(post: LetterPost, tx: Db, kinds: readonly OrderLetter[], facts: OrderLetterFacts): Promise<void> {
  const [letter] = kinds;
  if (!letter) return;
  const recipient = await recipientOf(tx, facts);
  if (!recipient || kinds.every((kind) => recipient.mutedLetters.includes(kind))) return;
  const attachments = letter === 'invoiced' ? invoiceAttachment(recipient.lang, facts) : [];
  await post.delivery.queue(tx, {
    channel: 'email', recipient: recipient.email, code: null, attachments, ...composeOrderLetter(letter, facts, recipient, post.publicUrl),
  });
}
