import type { CallDefinition } from '../../contract/call';
import { ApiError, sendCall, type CallOptions } from '../api';
import { getLocale, localizePath, t } from '../i18n';
import { currentPath, navigateTo } from '../navigation';
import { endStaffSession, staffToken } from './staff-session';

export const STAFF_SIGN_IN_PATH = '/staff/sign-in';

/** The staff session ended or was refused: back to the staff sign-in, which returns here after it unless signed out. */
export function toStaffSignIn(returnHere = true): void {
  const here = currentPath();
  endStaffSession();
  const query = !returnHere || here.includes('/staff/sign-in') ? '' : `?redirect=${encodeURIComponent(here)}`;
  navigateTo(`${localizePath(STAFF_SIGN_IN_PATH, getLocale())}${query}`, { replace: true });
}

const refused = () => new ApiError(401, t('errors.unauthorized'), undefined, 'signed_out');

/**
 * A staff or anonymous call of the contract. Only a staff call carries the staff token, and a customer's call is
 * refused here, so the staff token never reaches a customer path; a 401 ends the staff session (no refresh exists).
 */
export async function callStaff<Body, Query, Response>(
  call: CallDefinition<Body, Query, Response>,
  options: Omit<CallOptions<Body, Query>, 'token'> = {},
): Promise<Response> {
  if (call.access === 'anonymous') return sendCall(call, options, null);
  if (call.access !== 'staff') throw new Error(`[staff] ${call.path} is not a staff call`);
  const token = staffToken();
  if (!token) {
    toStaffSignIn();
    throw refused();
  }
  try {
    return await sendCall(call, options, token);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) toStaffSignIn();
    throw error;
  }
}

/** The members-only paths staff read with their token: board pictures, order files and (admins) the audit export. */
const STAFF_FILE_PREFIXES = ['/files/boards/', '/files/orders/', '/files/staff/', '/files/invoices/', '/files/transfers/'];

/** A picture or an order's files with the staff token; nothing outside those paths of this origin gets it. */
export async function fetchStaffFile(url: string, signal?: AbortSignal): Promise<{ status: number; blob: Blob | null }> {
  const origin = globalThis.location?.origin ?? 'http://portal.invalid';
  const { pathname, origin: target } = new URL(url, origin);
  if (target !== origin || !STAFF_FILE_PREFIXES.some((prefix) => pathname.startsWith(prefix))) throw new Error(`[staff] ${url} is not a staff file`);
  const token = staffToken();
  if (!token) {
    toStaffSignIn();
    return { status: 401, blob: null };
  }
  const response = await fetch(url, { headers: { Authorization: `Bearer ${token}`, 'Accept-Language': getLocale() }, cache: 'no-cache', signal });
  if (response.status === 401) toStaffSignIn();
  return { status: response.status, blob: response.ok ? await response.blob() : null };
}
