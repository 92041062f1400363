/**
 * The soak's customer on a production gateway: registered as a person would be (the SMS code from a local server that
 * answers as SMS Aero, the e-mail code from a local SMTP server), with a client of their own to upload boards for.
 */
import type { FakeSmsAero } from '../tests/support/fake-sms-aero';
import type { SmtpCatcher } from '../tests/support/smtp-catcher';

export interface Customer { token: string; clientId: number }

const PHONE = '+79161239876';
const EMAIL = 'soak@factory.test';
const CLIENT = {
  name: 'Плата-Сервис', fullName: 'ООО «Плата-Сервис»', firstName: '', lastName: '', middleName: '', siteUrl: '',
  accessibleThroughAdmin: false, avatarUrl: null, activityId: 1, regionId: 1, countryId: 1, officeId: 1,
  clientType: 'corporate', inn: '7707083893', kpp: '773601001', ogrn: '1027700132195',
};

async function post(url: string, path: string, body: unknown, token?: string): Promise<Record<string, unknown>> {
  const answer = await fetch(`${url}/api${path}`, {
    method: 'POST', body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  const json = (await answer.json()) as Record<string, unknown>;
  if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}: ${JSON.stringify(json)}`);
  return json;
}

async function eventually<T>(read: () => T | undefined): Promise<T> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const value = read();
    if (value !== undefined) return value;
    await new Promise((wait) => setTimeout(wait, 100));
  }
  throw new Error('no code came');
}

export async function registerCustomer(url: string, aero: FakeSmsAero, smtp: SmtpCatcher): Promise<Customer> {
  const started = await post(url, '/Registration/EnterPhone', { registrationProcessId: null, usingFlashcall: false, phone: PHONE });
  const registrationProcessId = started.registrationProcessId as string;
  const smsCode = await eventually(() => aero.codeFor(PHONE));
  await post(url, '/Registration/ConfirmCredential', { registrationProcessId, code: smsCode });
  await post(url, '/Registration/EnterEmail', { registrationProcessId, email: EMAIL });
  const mailCode = await eventually(() => /\b(\d{6})\b/.exec(smtp.to(EMAIL).at(-1)?.text ?? '')?.[1]);
  await post(url, '/Registration/ConfirmCredential', { registrationProcessId, code: mailCode });
  const created = await post(url, '/Registration/CreateProfile', { registrationProcessId, password: 'Soak-password-5731' });
  const token = created.accessToken as string;
  const client = await post(url, '/account/Clients/Create', CLIENT, token);
  return { token, clientId: client.id as number };
}
