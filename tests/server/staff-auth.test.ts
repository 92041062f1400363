import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../../server/app';
import { staffAudit } from '../../server/audit/schema';
import { staffMembers } from '../../server/db/schema';
import { staffSignIns } from '../../server/staff/schema';
import { createSeal } from '../../server/delivery/seal';
import { createClock, startGateway, wrongCode } from './helpers';
import {
  codeOf, enrolledStaff, OPERATOR_KEY, operatorCall, setupTokenOf, STAFF_PASSWORD, staffCall, staffSignIn, type StaffPerson,
} from './staff-fixtures';

/** Staff sign-in with a mandatory TOTP second factor, sessions, members and the audit log, through the calls. */

const clock = createClock();
let gw: Gateway;
let admin: StaffPerson;

const auditRows = async (action: string) => gw.db.select().from(staffAudit).where(eq(staffAudit.action, action));

beforeAll(async () => {
  gw = await startGateway({ now: clock.now, operatorKey: OPERATOR_KEY });
  // The manufacturer's own staff only: the demo staff (an admin among them) would keep the last-admin rule quiet.
  await gw.db.delete(staffMembers);
  admin = await enrolledStaff(gw, clock, 'chief@fab.example', 'admin', 'cli');
});

afterAll(async () => {
  await gw.close();
});

describe('the first sign-in', () => {
  it('needs the set-up link once, then enrols an authenticator app shown once and confirmed with its code', async () => {
    const created = await staffCall(gw, '/staff/members/Create', { email: 'Eng.One@Fab.example', name: 'Инженер Один', role: 'engineer' }, admin.token);
    expect(created.status).toBe(200);
    expect(created.json.member).toMatchObject({
      email: 'eng.one@fab.example',
      role: 'engineer',
      passwordSet: false,
      secondFactorEnrolled: false,
      createdBy: admin.id,
    });
    const setupToken = setupTokenOf(created);
    expect(String(created.json.setupUrl)).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/staff\/setup#token=/);
    const beforeSetUp = await staffCall(gw, '/staff/auth/SignIn', { email: 'eng.one@fab.example', password: STAFF_PASSWORD });
    expect(beforeSetUp.status).toBe(401);
    expect((await staffCall(gw, '/staff/auth/SetUp', { setupToken, password: STAFF_PASSWORD })).status).toBe(200);
    const again = await staffCall(gw, '/staff/auth/SetUp', { setupToken, password: 'another-password-123' });
    expect([again.status, again.json.field, again.json.code]).toEqual([400, 'setupToken', 'setup_link_invalid']);

    const started = await staffCall(gw, '/staff/auth/SignIn', { email: 'eng.one@fab.example', password: STAFF_PASSWORD });
    expect(started.json).toMatchObject({ step: 'enrol' });
    const secret = String(started.json.secret);
    expect(started.json.otpauthUri).toBe(`otpauth://totp/PCB%20Portal:eng.one%40fab.example?secret=${secret}&issuer=PCB+Portal&algorithm=SHA1&digits=6&period=30`);
    const confirmed = await staffCall(gw, '/staff/auth/ConfirmCode', { challengeId: started.json.challengeId, code: codeOf(secret, clock) });
    expect(confirmed.status).toBe(200);
    expect(confirmed.json.member).toMatchObject({ passwordSet: true, secondFactorEnrolled: true });
    expect((await staffCall(gw, '/staff/sessions/List', {}, String(confirmed.json.token))).status).toBe(200);

    clock.advance(30);
    const next = await staffCall(gw, '/staff/auth/SignIn', { email: 'eng.one@fab.example', password: STAFF_PASSWORD });
    expect(next.json).toEqual({ step: 'code', challengeId: expect.any(String) });
    const memberId = (created.json.member as { id: number }).id;
    expect((await auditRows('member.enrol_second_factor')).map((row) => row.targetId)).toContain(String(memberId));
    expect((await auditRows('member.set_password')).map((row) => row.actorStaffId)).toContain(memberId);
    // The secret is kept sealed: the database alone (a backup, a read-only role) gives no codes.
    const [stored] = await gw.db.select({ totpSecret: staffMembers.totpSecret }).from(staffMembers).where(eq(staffMembers.id, memberId));
    expect(stored?.totpSecret).toMatch(/^sealed:v1:/);
    expect(stored?.totpSecret).not.toContain(secret);
    const pending = await gw.db.select({ pendingSecret: staffSignIns.pendingSecret }).from(staffSignIns).where(eq(staffSignIns.staffId, memberId));
    expect(pending.some((row) => row.pendingSecret?.includes(secret))).toBe(false);
  });

  it('answers an unknown e-mail, a wrong password, a member without a password and a disabled one alike', async () => {
    const pending = await staffCall(gw, '/staff/members/Create', { email: 'pending@fab.example', name: 'Ждёт', role: 'manager' }, admin.token);
    expect(pending.status).toBe(200);
    const gone = await enrolledStaff(gw, clock, 'gone@fab.example', 'manager', admin.token);
    await staffCall(gw, '/staff/members/Disable', { id: gone.id }, admin.token);
    const answers = await Promise.all([
      staffCall(gw, '/staff/auth/SignIn', { email: 'nobody@fab.example', password: STAFF_PASSWORD }),
      staffCall(gw, '/staff/auth/SignIn', { email: admin.email, password: 'wrong-password-123' }),
      staffCall(gw, '/staff/auth/SignIn', { email: 'pending@fab.example', password: STAFF_PASSWORD }),
      staffCall(gw, '/staff/auth/SignIn', { email: gone.email, password: STAFF_PASSWORD }),
    ]);
    expect(answers.map((answer) => [answer.status, answer.body])).toEqual(Array(4).fill([401, answers[0]?.body]));
    expect(answers[0]?.json.code).toBe('login_failed');
  });
});

describe('the code step', () => {
  it('tells a member whose secret was sealed under a rotated signing secret to have it reset, without a failure', async () => {
    const member = await enrolledStaff(gw, clock, 'rotated@fab.example', 'engineer', admin.token);
    const otherKey = createSeal('a signing secret since rotated away', 'staff second factor');
    await gw.db.update(staffMembers).set({ totpSecret: otherKey.close(member.secret) }).where(eq(staffMembers.id, member.id));
    clock.advance(30);
    const started = await staffCall(gw, '/staff/auth/SignIn', { email: member.email, password: STAFF_PASSWORD });
    const refused = await staffCall(gw, '/staff/auth/ConfirmCode', { challengeId: started.json.challengeId, code: codeOf(member.secret, clock) });
    expect([refused.status, refused.json.field, refused.json.code]).toEqual([409, 'code', 'second_factor_unreadable']);
  });

  it('does not take a code twice, not even in another sign-in', async () => {
    const member = await enrolledStaff(gw, clock, 'replay@fab.example', 'engineer', admin.token);
    clock.advance(30);
    const code = codeOf(member.secret, clock);
    const first = await staffCall(gw, '/staff/auth/SignIn', { email: member.email, password: STAFF_PASSWORD });
    expect((await staffCall(gw, '/staff/auth/ConfirmCode', { challengeId: first.json.challengeId, code })).status).toBe(200);
    const second = await staffCall(gw, '/staff/auth/SignIn', { email: member.email, password: STAFF_PASSWORD });
    const replayed = await staffCall(gw, '/staff/auth/ConfirmCode', { challengeId: second.json.challengeId, code });
    expect([replayed.status, replayed.json.field, replayed.json.code]).toEqual([400, 'code', 'code_used']);
    const earlier = await staffCall(gw, '/staff/auth/ConfirmCode', { challengeId: second.json.challengeId, code: codeOf(member.secret, clock, -30) });
    expect(earlier.json.code).toBe('code_used');
    clock.advance(30);
    expect((await staffCall(gw, '/staff/auth/ConfirmCode', { challengeId: second.json.challengeId, code: codeOf(member.secret, clock) })).status).toBe(200);
  });

  it('takes five wrong codes and then not even the right one', async () => {
    const member = await enrolledStaff(gw, clock, 'guesser@fab.example', 'engineer', admin.token);
    clock.advance(30);
    const started = await staffCall(gw, '/staff/auth/SignIn', { email: member.email, password: STAFF_PASSWORD });
    const right = codeOf(member.secret, clock);
    const lefts: unknown[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const answer = await staffCall(gw, '/staff/auth/ConfirmCode', { challengeId: started.json.challengeId, code: wrongCode(right) });
      expect([answer.status, answer.json.code]).toEqual([400, 'code_wrong']);
      lefts.push(answer.json.error);
    }
    expect(lefts.at(-1)).toBe('Неверный код приложения. Осталось попыток: 0');
    const refused = await staffCall(gw, '/staff/auth/ConfirmCode', { challengeId: started.json.challengeId, code: right });
    expect([refused.status, refused.json.code]).toEqual([429, 'too_many_attempts']);
    expect(Number(refused.response.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('takes twenty codes of a member in the window over all their sign-ins, then none', async () => {
    const member = await enrolledStaff(gw, clock, 'many-tabs@fab.example', 'engineer', admin.token);
    clock.advance(30);
    const right = codeOf(member.secret, clock);
    // The enrolment checked one code: nineteen wrong ones over four sign-ins fill the twenty.
    let started = await staffCall(gw, '/staff/auth/SignIn', { email: member.email, password: STAFF_PASSWORD });
    for (let attempt = 1; attempt <= 19; attempt += 1) {
      const answer = await staffCall(gw, '/staff/auth/ConfirmCode', { challengeId: started.json.challengeId, code: wrongCode(right) });
      expect(answer.json.code).toBe('code_wrong');
      if (attempt % 5 === 0) started = await staffCall(gw, '/staff/auth/SignIn', { email: member.email, password: STAFF_PASSWORD });
    }
    const fifth = await staffCall(gw, '/staff/auth/SignIn', { email: member.email, password: STAFF_PASSWORD });
    const refused = await staffCall(gw, '/staff/auth/ConfirmCode', { challengeId: fifth.json.challengeId, code: right });
    expect([refused.status, refused.json.code]).toEqual([429, 'too_many_attempts']);
  });

  it('names the field of a malformed code, in the caller\'s language', async () => {
    const answer = await staffCall(
      gw,
      '/staff/auth/ConfirmCode',
      { challengeId: '00000000-0000-4000-8000-000000000000', code: '12a456' },
      undefined,
      { 'accept-language': 'en' },
    );
    expect([answer.status, answer.json.field]).toEqual([400, 'code']);
    expect(String(answer.json.error)).toMatch(/[a-z]/i);
  });
});

describe('sessions', () => {
  it('lists one\'s sessions, ends one (its token refused at once) and signs out', async () => {
    const member = await enrolledStaff(gw, clock, 'two-desks@fab.example', 'manager', admin.token);
    const other = await staffSignIn(gw, clock, member.email, member.secret);
    const listed = await staffCall(gw, '/staff/sessions/List', {}, member.token);
    const sessions = listed.json.sessions as { id: string; current: boolean }[];
    expect(sessions).toHaveLength(2);
    const otherSession = sessions.find((session) => !session.current);
    expect((await staffCall(gw, '/staff/sessions/End', { sessionId: otherSession?.id }, member.token)).status).toBe(200);
    expect((await staffCall(gw, '/staff/sessions/List', {}, other)).status).toBe(401);
    expect((await staffCall(gw, '/staff/auth/SignOut', {}, member.token)).status).toBe(200);
    expect((await staffCall(gw, '/staff/sessions/List', {}, member.token)).status).toBe(401);
    const ended = (await auditRows('session.end')).filter((row) => row.actorStaffId === member.id);
    expect(ended.map((row) => row.after)).toEqual([{ staffId: member.id, ended: true }, { staffId: member.id, ended: true }]);
  });

  it('lets an admin see and end another member\'s session, and nobody else', async () => {
    const engineer = await enrolledStaff(gw, clock, 'solo@fab.example', 'engineer', admin.token);
    const manager = await enrolledStaff(gw, clock, 'nosy@fab.example', 'manager', admin.token);
    const theirs = await staffCall(gw, '/staff/sessions/List', { staffId: engineer.id }, manager.token);
    expect([theirs.status, theirs.json.code]).toEqual([403, 'forbidden']);
    const seen = await staffCall(gw, '/staff/sessions/List', { staffId: engineer.id }, admin.token);
    const [session] = seen.json.sessions as { id: string }[];
    const byManager = await staffCall(gw, '/staff/sessions/End', { sessionId: session?.id }, manager.token);
    expect([byManager.status, byManager.json.code]).toEqual([404, 'not_found']);
    expect((await staffCall(gw, '/staff/sessions/List', {}, engineer.token)).status).toBe(200);
    expect((await staffCall(gw, '/staff/sessions/End', { sessionId: session?.id }, admin.token)).status).toBe(200);
    expect((await staffCall(gw, '/staff/sessions/List', {}, engineer.token)).status).toBe(401);
  });

  it('lapses after the idle time', async () => {
    const member = await enrolledStaff(gw, clock, 'idle@fab.example', 'engineer', admin.token);
    clock.advance(gw.config.staffSessions.idleMinutes * 60 + 1);
    expect((await staffCall(gw, '/staff/sessions/List', {}, member.token)).status).toBe(401);
    // Every session lapsed with it: the admin of the later tests signs in again.
    admin = { ...admin, token: await staffSignIn(gw, clock, admin.email, admin.secret) };
  });
});

describe('members', () => {
  it('disabling a member ends their sessions at once and writes the before and after, no secret', async () => {
    const member = await enrolledStaff(gw, clock, 'leaver@fab.example', 'engineer', admin.token);
    expect((await staffCall(gw, '/staff/sessions/List', {}, member.token)).status).toBe(200);
    const disabled = await staffCall(gw, '/staff/members/Disable', { id: member.id }, admin.token);
    expect(disabled.json.member).toMatchObject({ disabled: true });
    expect((await staffCall(gw, '/staff/sessions/List', {}, member.token)).status).toBe(401);
    const [row] = (await auditRows('member.disable')).filter((one) => one.targetId === String(member.id));
    expect(row).toMatchObject({ actor: 'staff', actorStaffId: admin.id, before: { disabled: false }, after: { disabled: true } });
    expect(row?.requestId).not.toBe('');
    const [stored] = await gw.db.select().from(staffMembers).where(eq(staffMembers.id, member.id));
    const everything = JSON.stringify(await gw.db.select().from(staffAudit));
    expect(everything).not.toContain(member.secret);
    expect(everything).not.toContain(String(stored?.passwordHash));
    expect(everything).not.toMatch(/scrypt\$|totpSecret|passwordHash/);
  });

  it('resetting the second factor ends the sessions and makes the next sign-in enrol again', async () => {
    const member = await enrolledStaff(gw, clock, 'lost-phone@fab.example', 'manager', admin.token);
    const reset = await staffCall(gw, '/staff/members/Update', { id: member.id, resetSecondFactor: true }, admin.token);
    expect(reset.json).toMatchObject({ member: { secondFactorEnrolled: false }, setupUrl: null });
    expect((await staffCall(gw, '/staff/sessions/List', {}, member.token)).status).toBe(401);
    const started = await staffCall(gw, '/staff/auth/SignIn', { email: member.email, password: STAFF_PASSWORD });
    expect(started.json.step).toBe('enrol');
    expect(started.json.secret).not.toBe(member.secret);
  });

  it('a manager or an engineer cannot create, change or disable staff; an admin cannot leave the portal without one', async () => {
    const manager = await enrolledStaff(gw, clock, 'boss-wannabe@fab.example', 'manager', admin.token);
    const create = await staffCall(gw, '/staff/members/Create', { email: 'x@fab.example', name: 'X', role: 'admin' }, manager.token);
    expect([create.status, create.json.code]).toEqual([403, 'forbidden']);
    const promote = await staffCall(gw, '/staff/members/Update', { id: manager.id, role: 'admin' }, manager.token);
    expect(promote.status).toBe(403);
    const demoteSelf = await staffCall(gw, '/staff/members/Update', { id: admin.id, role: 'manager' }, admin.token);
    expect([demoteSelf.status, demoteSelf.json.code]).toEqual([409, 'last_admin']);
    const disableSelf = await staffCall(gw, '/staff/members/Disable', { id: admin.id }, admin.token);
    expect([disableSelf.status, disableSelf.json.code]).toEqual([409, 'last_admin']);
  });

  it('refuses a second member with the same e-mail, naming the field', async () => {
    const answer = await staffCall(gw, '/staff/members/Create', { email: 'CHIEF@fab.example', name: 'Двойник', role: 'engineer' }, admin.token);
    expect([answer.status, answer.json.field, answer.json.code]).toEqual([409, 'email', 'email_taken']);
    const bad = await staffCall(gw, '/staff/members/Create', { email: 'not-an-email', name: 'Б', role: 'engineer' }, admin.token);
    expect([bad.status, bad.json.field]).toEqual([400, 'email']);
    const role = await staffCall(gw, '/staff/members/Create', { email: 'r@fab.example', name: 'Б', role: 'owner' }, admin.token);
    expect([role.status, role.json.field]).toEqual([400, 'role']);
  });
});

describe('the audit log', () => {
  it('lists what was done, filtered by who, what and when, for admins', async () => {
    const cli = await staffCall(gw, '/staff/audit/List', { actor: 'cli' }, admin.token);
    const cliEntries = cli.json.entries as { actor: unknown; action: string; after: Record<string, unknown> }[];
    expect(cliEntries.map((entry) => [entry.actor, entry.action, entry.after.email])).toEqual([['cli', 'member.create', 'chief@fab.example']]);
    const byAdmin = await staffCall(gw, '/staff/audit/List', { actor: admin.id, action: 'member.create' }, admin.token);
    const adminEntries = byAdmin.json.entries as { actor: unknown; action: string }[];
    expect(adminEntries.length).toBeGreaterThan(3);
    expect(new Set(adminEntries.map((entry) => JSON.stringify([entry.actor, entry.action]))))
      .toEqual(new Set([JSON.stringify([{ staffId: admin.id, name: 'Сотрудник admin' }, 'member.create'])]));
    const future = await staffCall(gw, '/staff/audit/List', { from: new Date(clock.now().getTime() + 60_000).toISOString() }, admin.token);
    expect(future.json.entries).toEqual([]);
    const past = await staffCall(gw, '/staff/audit/List', { to: '2025-09-01T09:00:00.000Z' }, admin.token);
    expect((past.json.entries as { action: string }[]).map((entry) => entry.action)).toEqual(['member.set_password', 'member.create']);
    const operator = await operatorCall(gw, '/staff/audit/List', {});
    expect(operator.status).toBe(401);
  });
});
