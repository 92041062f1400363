import { eq } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { users } from '../db/schema';
import type { UserRow } from '../users/users';

/** Turns '+7 (999) 000-00-00', '89990000000', '9990000000' into '+79990000000'; null when it is no phone. */
export function normalizePhone(input: string): string | null {
  const trimmed = input.trim();
  if (!/^[+\d\s()\-.]+$/.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, '');
  if (digits.length === 10 && digits.startsWith('9')) return `+7${digits}`;
  if (digits.length === 11 && (digits.startsWith('8') || digits.startsWith('7'))) return `+7${digits.slice(1)}`;
  if (digits.length >= 11 && digits.length <= 13) return `+${digits}`;
  return null;
}

export const normalizeEmail = (input: string): string => input.trim().toLowerCase();

export type LoginId = { kind: 'email'; email: string } | { kind: 'phone'; phone: string } | { kind: 'invalid'; raw: string };

export function parseLogin(login: string): LoginId {
  if (login.includes('@')) return { kind: 'email', email: normalizeEmail(login) };
  const phone = normalizePhone(login);
  return phone ? { kind: 'phone', phone } : { kind: 'invalid', raw: login.trim().toLowerCase() };
}

/** The user a login names: by e-mail or by phone; none for a login that is neither. */
export async function findUserByLogin(db: Db, id: LoginId): Promise<UserRow | null> {
  if (id.kind === 'invalid') return null;
  const where = id.kind === 'email' ? eq(users.email, id.email) : eq(users.phone, id.phone);
  const [row] = await db.select().from(users).where(where);
  return row ?? null;
}

export const loginKey = (id: LoginId): string =>
  id.kind === 'email' ? id.email : id.kind === 'phone' ? id.phone : id.raw;

/** '+79990000000' → '+7 (999) ***-**-00'; other lengths keep the country part and the last two digits. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('7')) return `+7 (${digits.slice(1, 4)}) ***-**-${digits.slice(-2)}`;
  return `+${digits.slice(0, 3)} ***-**-${digits.slice(-2)}`;
}

/** 'demo@example.ru' → 'd***@example.ru'. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}
