import { describe, expect, it } from 'vitest';
import { createTokenService } from '../../server/auth/tokens';

const SECRET = 'a-signing-secret-of-enough-length-for-hs256-0123456789';

function serviceAt(startSeconds: number) {
  let seconds = startSeconds;
  const service = createTokenService(SECRET, 60, () => new Date(seconds * 1000));
  return { service, advance: (by: number) => { seconds += by; } };
}

const claims = { userId: 7, sessionId: '3f1c2a4e-1b2c-4d5e-8f90-123456789abc', secret: 'session-secret' };

describe('Token service', () => {
  it('a token verified once keeps expiring on time (60 s), also on its second and later checks', async () => {
    const { service, advance } = serviceAt(1_800_000_000);
    const token = await service.issue(claims);
    expect(await service.verify(token)).toMatchObject({ sub: '7', sid: claims.sessionId, Secret: 'session-secret' });
    advance(59);
    expect(await service.verify(token)).not.toBeNull();
    advance(1);
    expect(await service.verify(token)).toBeNull();
  });

  it('the refresh grace lets an expired, once-verified token through within the grace and not after it', async () => {
    const { service, advance } = serviceAt(1_800_000_000);
    const token = await service.issue(claims);
    expect(await service.verify(token)).not.toBeNull();
    advance(60 + 29);
    expect(await service.verify(token)).toBeNull();
    expect(await service.verify(token, 30)).not.toBeNull();
    advance(1);
    expect(await service.verify(token, 30)).toBeNull();
  });

  it('an expired token seen for the first time within the grace is accepted for refresh only', async () => {
    const { service, advance } = serviceAt(1_800_000_000);
    const token = await service.issue(claims);
    advance(70);
    expect(await service.verify(token, 30)).not.toBeNull();
    expect(await service.verify(token)).toBeNull();
  });

  it('a token whose payload or signature was altered is refused, even after the genuine one was verified', async () => {
    const { service } = serviceAt(1_800_000_000);
    const token = await service.issue(claims);
    expect(await service.verify(token)).not.toBeNull();
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: '8' })).toString('base64url');
    expect(await service.verify(`${header}.${forged}.${signature}`)).toBeNull();
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await service.verify(`${header}.${payload}.${flipped}`)).toBeNull();
  });

  it('a token signed with another key is refused', async () => {
    const other = createTokenService(`${SECRET}-other`, 60, () => new Date(1_800_000_000_000));
    const { service } = serviceAt(1_800_000_000);
    expect(await service.verify(await other.issue(claims))).toBeNull();
  });
});
