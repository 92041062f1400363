import { withSessionToken } from './authorized-request';
import { getLocale } from './i18n';
import { swappableCalls } from './swappable-calls';

/** How a members-only file loads; swapped in tests with `provideSignedInFileFetch`. */
export type SignedInFileFetch = (url: string, token: string, signal?: AbortSignal) => Promise<{ status: number; blob: Blob | null }>;

const fetchWithToken: SignedInFileFetch = async (url, token, signal) => {
  // The language names an export's columns; the documents themselves are Russian.
  const response = await fetch(url, { headers: { Authorization: `Bearer ${token}`, 'Accept-Language': getLocale() }, signal });
  return { status: response.status, blob: response.ok ? await response.blob() : null };
};
const fetchSlot = swappableCalls<SignedInFileFetch>(fetchWithToken);
export const provideSignedInFileFetch = fetchSlot.provide;

/** The gateway refused the file (404 for a non-member, as for a missing one) or answered without a body. */
export class SignedInFileError extends Error {
  override name = 'SignedInFileError';
  constructor(readonly status: number, url: string) {
    super(`file ${url}: ${status}`);
  }
}

/**
 * A file under /files/ that only members of its client may read (invoices, order files): fetched with the
 * Authorization header under the session's refresh-and-retry rule, since a plain link cannot carry the token.
 */
export async function fetchSignedInFile(url: string, signal?: AbortSignal): Promise<Blob> {
  const answer = await withSessionToken((token) => fetchSlot.current()(url, token, signal).then(({ status, blob }) => ({ status, value: blob })));
  if (!answer.value) throw new SignedInFileError(answer.status, url);
  return answer.value;
}

/** Hands a blob to the browser's download, under `fileName`. */
export function saveFile(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken the blob by the next task; revoking at once cancels it in some browsers.
  setTimeout(() => URL.revokeObjectURL(href), 0);
}
