import type { UploadState } from '../../src/contract/board-files';
import { DEMO } from './helpers';

/** A portal reached over HTTP only (a gateway in a process of its own), signed in as one user. */
export interface PortalHttp {
  token: string;
  call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; json: unknown }>;
  /** The first client of the user's list. */
  firstClientId(): Promise<number>;
  /** Uploads a zip for the client and waits until its processing (DFM included) is over. */
  uploadBoard(clientId: number, fileName: string, zip: Buffer, timeoutMs?: number): Promise<UploadState>;
  /** A picture or file the app fetches with the Authorization header: status and bytes. */
  bytes(path: string): Promise<{ status: number; body: Buffer }>;
}

export async function signInOverHttp(url: string, login = DEMO.email, password = DEMO.password): Promise<PortalHttp> {
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown, token?: string) => {
    const response = await fetch(`${url}/api${path}`, {
      method,
      headers: {
        'accept-language': 'en',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, json: text === '' ? null : JSON.parse(text) as unknown };
  };
  const signed = await call('POST', '/Authentification/Login', { fingerprint: 'portal-http', login, password });
  const token = (signed.json as { accessToken?: unknown } | null)?.accessToken;
  if (signed.status !== 200 || typeof token !== 'string') throw new Error(`sign-in failed: ${signed.status} ${JSON.stringify(signed.json)}`);
  const state = async (uploadId: string) => {
    const answer = await call('GET', `/board-files/Get?uploadId=${uploadId}`, undefined, token);
    if (answer.status !== 200) throw new Error(`Get: ${answer.status} ${JSON.stringify(answer.json)}`);
    return answer.json as UploadState;
  };
  return {
    token,
    call: (method, path, body) => call(method, path, body, token),
    async firstClientId() {
      const answer = await call('POST', '/account/Clients/List', { pagination: { page: 1, itemsOnPage: 20 } }, token);
      const id = (answer.json as Array<{ id?: unknown }> | null)?.[0]?.id;
      if (answer.status !== 200 || typeof id !== 'number') throw new Error(`no client: ${answer.status} ${JSON.stringify(answer.json)}`);
      return id;
    },
    async uploadBoard(clientId, fileName, zip, timeoutMs = 120_000) {
      const query = new URLSearchParams({ clientId: String(clientId), fileName });
      const response = await fetch(`${url}/api/board-files/Upload?${query}`, {
        method: 'POST', body: new Uint8Array(zip), headers: { 'content-type': 'application/zip', authorization: `Bearer ${token}` },
      });
      const uploaded = await response.json() as UploadState;
      if (response.status !== 200) throw new Error(`Upload: ${response.status} ${JSON.stringify(uploaded)}`);
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const now = await state(uploaded.uploadId);
        if (now.status !== 'processing' && now.analysis?.dfmStatus !== 'running') return now;
        if (Date.now() > deadline) throw new Error(`upload ${uploaded.uploadId} still processing at step ${now.step}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    async bytes(path) {
      const response = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } });
      return { status: response.status, body: Buffer.from(await response.arrayBuffer()) };
    },
  };
}
