import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../../server/app';
import { staffMembers } from '../../server/db/schema';
import { seed } from '../../server/seed/seed';
import { DEMO_STAFF, DEMO_STAFF_PASSWORD, DEMO_STAFF_TOTP_SECRET } from '../../server/seed/demo-staff';
import { base32Decode, totpAt } from '../../server/staff/totp';
import { createClock, startGateway } from './helpers';
import { staffCall } from './staff-fixtures';

// `npm start` shows the staff desks too; the README's demo staff sign in with its published secret.

const clock = createClock();
let gw: Gateway;

beforeAll(async () => {
  gw = await startGateway({ now: clock.now });
  await seed(gw.db, { demo: true, now: clock.now() });
});
afterAll(async () => { await gw.close(); });

describe('the demo staff', () => {
  it('sign in with the README\'s password and a code of its secret, each to the desk of their role', async () => {
    const reached: Record<string, number> = {};
    for (const member of DEMO_STAFF) {
      clock.advance(30);
      const started = await staffCall(gw, '/staff/auth/SignIn', { email: member.email, password: DEMO_STAFF_PASSWORD });
      expect(started.json.step, member.email).toBe('code');
      const code = totpAt(base32Decode(DEMO_STAFF_TOTP_SECRET), clock.now());
      const confirmed = await staffCall(gw, '/staff/auth/ConfirmCode', { challengeId: started.json.challengeId, code });
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
      reached[member.role] = (await staffCall(gw, '/staff/check/Queue', {}, String(confirmed.json.token))).status;
    }
    expect(reached).toEqual({ engineer: 200, manager: 403, admin: 200 });
  });

  it('are seeded once', async () => {
    await seed(gw.db, { demo: true, now: clock.now() });
    expect(await gw.db.$count(staffMembers)).toBe(DEMO_STAFF.length);
  });
});
