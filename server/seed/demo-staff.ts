import type { StaffRole } from '../../src/contract/call';
import { hashPassword } from '../auth/crypto';
import type { Db } from '../db/connect';
import { staffMembers } from '../db/schema';

/**
 * The manufacturer's demo staff, so `npm start` shows the staff desks too: one of each role, the password
 * and the authenticator secret published in the README (add the secret to any authenticator app). Demo data only,
 * like the demo customers' passwords, and seeded only into a database without staff.
 */
export const DEMO_STAFF_PASSWORD = 'demo-staff-12345';
/** Base32; the same for the three, so one authenticator entry serves a demo. */
export const DEMO_STAFF_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

export const DEMO_STAFF: ReadonlyArray<{ email: string; name: string; role: StaffRole }> = [
  { email: 'engineer@demo.pcb-portal.ru', name: 'Анна Инженерова', role: 'engineer' },
  { email: 'manager@demo.pcb-portal.ru', name: 'Мария Менеджерова', role: 'manager' },
  { email: 'admin@demo.pcb-portal.ru', name: 'Алексей Админов', role: 'admin' },
];

export async function seedDemoStaff(db: Db, now: Date): Promise<void> {
  const existing = await db.select({ id: staffMembers.id }).from(staffMembers).limit(1);
  if (existing.length > 0) return;
  const passwordHash = await hashPassword(DEMO_STAFF_PASSWORD);
  await db.insert(staffMembers).values(DEMO_STAFF.map((member) => ({
    ...member, passwordHash, totpSecret: DEMO_STAFF_TOTP_SECRET, totpEnrolledAt: now, createdAt: now,
  })));
}
