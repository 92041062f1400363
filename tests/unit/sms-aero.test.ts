import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DeliveryFailure } from '../../server/delivery/failure';
import { createSmsAero } from '../../server/delivery/sms/sms-aero';
import type { SmsProvider } from '../../server/delivery/sms/provider';
import { startFakeSmsAero, type FakeSmsAero } from '../support/fake-sms-aero';

/** The SMS Aero adapter against a server answering each way SMS Aero's API v2 is documented to. */

let aero: FakeSmsAero;
let provider: SmsProvider;
const PHONE = '+79161234567';

beforeAll(async () => {
  aero = await startFakeSmsAero();
  provider = createSmsAero(aero.settings(), { timeoutMs: 500 });
});
afterAll(() => aero.close());
beforeEach(() => {
  aero.mode = 'ok';
  aero.answerWith = null;
  aero.refusedNumbers.clear();
  aero.statusAnswer = 1;
});

/** The failure a send ends in, for its kind and reason. */
async function failureOf(work: Promise<unknown>): Promise<DeliveryFailure> {
  const error: unknown = await work.then(() => null, (thrown: unknown) => thrown);
  if (!(error instanceof DeliveryFailure)) throw new Error(`expected a DeliveryFailure, got ${String(error)}`);
  return error;
}

describe('sending', () => {
  it('sends an SMS as POST JSON with Basic auth, the number in digits and the sender name, and keeps its id and status', async () => {
    const receipt = await provider.sendSms(PHONE, 'Код подтверждения PCB Portal: 123456.');
    const request = aero.requests.at(-1);
    expect(request).toEqual({ path: 'sms/send', body: { number: '79161234567', text: 'Код подтверждения PCB Portal: 123456.', sign: 'PCB Portal' } });
    expect(receipt).toEqual({ providerMessageId: String(aero.last(PHONE)?.id), providerStatus: 'queue', final: false });
  });

  it('places a flash call whose number ends in the code, leading zero included, sent as a string', async () => {
    const receipt = await provider.flashCall(PHONE, '0427');
    expect(aero.requests.at(-1)).toEqual({ path: 'flashcall/send', body: { phone: '79161234567', code: '0427' } });
    expect(aero.codeFor(PHONE)).toBe('0427');
    expect(receipt).toMatchObject({ providerStatus: 'queue', final: false });
  });

  it('falls back to SMS when the call would not carry the code (the provider read it as a number)', async () => {
    aero.answerWith = (path) => (path === 'flashcall/send'
      ? { status: 200, body: { success: true, message: null, data: { id: 7, status: 0, code: '427', phone: '79161234567', cost: '0.59' } } }
      : undefined);
    const failure = await failureOf(provider.flashCall(PHONE, '0427'));
    expect(failure.kind).toBe('cannotCall');
  });

  it('treats a call the provider rejects as one that cannot be placed, with its reason', async () => {
    aero.mode = 'refuseCalls';
    const failure = await failureOf(provider.flashCall(PHONE, '1234'));
    expect(failure.kind).toBe('cannotCall');
    expect(failure.message).toContain('Flash call is not available for this number');
  });

  it('gives up on a number the provider refuses, naming the field it objected to', async () => {
    aero.refusedNumbers.add('79161234567');
    const sms = await failureOf(provider.sendSms(PHONE, 'text'));
    expect(sms.kind).toBe('permanent');
    expect(sms.message).toContain('HTTP 400 Validation error.; number: Number is invalid');
    // A call to it cannot be placed either; the SMS tried next meets the same refusal.
    expect((await failureOf(provider.flashCall(PHONE, '1234'))).kind).toBe('cannotCall');
  });

  it('gives up on an SMS the provider answers as already rejected', async () => {
    aero.answerWith = () => ({ status: 200, body: { success: true, message: null, data: { id: 8, status: 6, extendStatus: 'rejected' } } });
    const failure = await failureOf(provider.sendSms(PHONE, 'text'));
    expect(failure.kind).toBe('permanent');
    expect(failure.message).toContain('rejected');
  });

  it('keeps the code out of every reason it gives', async () => {
    aero.answerWith = () => ({ status: 400, body: { success: false, data: { code: ['The code 5821 is not allowed'] }, message: 'Validation error.' } });
    const failure = await failureOf(provider.flashCall(PHONE, '5821'));
    expect(failure.message).not.toContain('5821');
    expect(failure.message).toContain('code: The code **** is not allowed');
  });
});

describe('failures that pass', () => {
  it('retries when the account has no money, by the same channel', async () => {
    aero.mode = 'noCredits';
    for (const send of [() => provider.sendSms(PHONE, 'text'), () => provider.flashCall(PHONE, '1234')]) {
      const failure = await failureOf(send());
      expect(failure.kind).toBe('retry');
      expect(failure.message).toContain('no credits');
    }
  });

  it('retries a wrong key (401), a balancer\'s 503 page, a timeout and a refused connection', async () => {
    aero.mode = 'badAuth';
    const badAuth = await failureOf(provider.sendSms(PHONE, 'text'));
    expect(badAuth).toMatchObject({ kind: 'retry' });
    expect(badAuth.message).toContain('HTTP 401 Your request was made with invalid credentials.');
    aero.mode = 'down';
    expect(await failureOf(provider.sendSms(PHONE, 'text'))).toMatchObject({ kind: 'retry', message: 'SMS Aero sms/send: HTTP 503' });
    aero.mode = 'slow';
    expect((await failureOf(provider.flashCall(PHONE, '1234'))).kind).toBe('retry');
    const nowhere = createSmsAero({ ...aero.settings(), url: 'http://127.0.0.1:9/v2/' }, { timeoutMs: 500 });
    expect((await failureOf(nowhere.sendSms(PHONE, 'text'))).kind).toBe('retry');
  });
});

describe('statuses read back', () => {
  it('names an SMS\'s status in SMS Aero\'s words and knows which are final', async () => {
    const { providerMessageId } = await provider.sendSms(PHONE, 'text');
    const asked = async (status: number) => {
      aero.statusAnswer = status;
      return provider.status('sms', providerMessageId ?? '');
    };
    expect(await asked(1)).toEqual({ providerStatus: 'delivery', final: true });
    expect(await asked(2)).toEqual({ providerStatus: 'delivery error', final: true });
    expect(await asked(4)).toEqual({ providerStatus: 'waiting status', final: false });
    expect(aero.requests.at(-1)).toEqual({ path: 'sms/status', body: { id: Number(providerMessageId) } });
  });

  it('names a flash call\'s status, which its answer carries as a number only', async () => {
    const { providerMessageId } = await provider.flashCall(PHONE, '1234');
    const asked = async (status: number) => {
      aero.statusAnswer = status;
      return provider.status('flashcall', providerMessageId ?? '');
    };
    expect(await asked(1)).toEqual({ providerStatus: 'call delivered', final: true });
    expect(await asked(2)).toEqual({ providerStatus: 'call not delivered', final: true });
    expect(await asked(4)).toEqual({ providerStatus: 'transmitted to the operator', final: false });
    expect(aero.requests.at(-1)?.path).toBe('flashcall/status');
  });
});
