import type { Infer } from 'superstruct';
import { apiKeysCreate, apiKeysList, apiKeysRevoke, type ApiSystem } from '../../contract/api-keys';
import type { StaffRole } from '../../contract/call';
import {
  STAFF_AUDIT_EXPORT_PATH, staffAuditList, staffMembersCreate, staffMembersDisable, staffMembersList, staffMembersUpdate,
  type StaffMember,
} from '../../contract/staff';
import { webhooksCreate, webhooksDelete, webhooksList, type WebhookEndpoint } from '../../contract/webhooks';
import { swappableCalls } from '../swappable-calls';
import { callStaff, fetchStaffFile } from './staff-api';

export type MemberCreateInput = Infer<typeof staffMembersCreate.body & object>;
export type MemberCreated = Infer<typeof staffMembersCreate.response>;
export type MemberUpdateInput = Infer<typeof staffMembersUpdate.body & object>;
export type MemberUpdated = Infer<typeof staffMembersUpdate.response>;
export type AuditQuery = Omit<Infer<typeof staffAuditList.body & object>, 'beforeId'>;
export type AuditPage = Infer<typeof staffAuditList.response>;
export type WebhookCreateInput = Infer<typeof webhooksCreate.body & object>;

/** The admin's calls: staff accounts, the audit log, systems and webhooks; tests swap them. */
export interface StaffAdminCalls {
  members(includeDisabled: boolean, signal?: AbortSignal): Promise<StaffMember[]>;
  createMember(input: MemberCreateInput): Promise<MemberCreated>;
  updateMember(input: MemberUpdateInput): Promise<MemberUpdated>;
  disableMember(id: number): Promise<StaffMember>;
  audit(query: AuditQuery, beforeId: number | undefined, signal?: AbortSignal): Promise<AuditPage>;
  systems(signal?: AbortSignal): Promise<ApiSystem[]>;
  createSystem(name: string, role: StaffRole): Promise<{ system: ApiSystem; key: string }>;
  revokeSystem(id: number): Promise<ApiSystem>;
  webhooks(signal?: AbortSignal): Promise<WebhookEndpoint[]>;
  createWebhook(input: WebhookCreateInput): Promise<{ endpoint: WebhookEndpoint; secret: string }>;
  deleteWebhook(id: number): Promise<unknown>;
  /** A file under /files/staff/ read with the staff token (the audit export). */
  file(url: string): Promise<{ status: number; blob: Blob | null }>;
}

/** The export's address: the list's filters as query parameters, none when unset. */
export function auditExportUrl(query: AuditQuery): string {
  const params = new URLSearchParams();
  for (const name of ['actor', 'action', 'from', 'to'] as const) {
    const value = query[name];
    if (value !== undefined) params.set(name, String(value));
  }
  const search = params.toString();
  return search ? `${STAFF_AUDIT_EXPORT_PATH}?${search}` : STAFF_AUDIT_EXPORT_PATH;
}

const realCalls: StaffAdminCalls = {
  members: async (includeDisabled, signal) => (await callStaff(staffMembersList, { body: { includeDisabled }, signal })).members,
  createMember: (input) => callStaff(staffMembersCreate, { body: input }),
  updateMember: (input) => callStaff(staffMembersUpdate, { body: input }),
  disableMember: async (id) => (await callStaff(staffMembersDisable, { body: { id } })).member,
  audit: (query, beforeId, signal) => callStaff(staffAuditList, { body: { ...query, ...(beforeId === undefined ? {} : { beforeId }) }, signal }),
  systems: async (signal) => (await callStaff(apiKeysList, { body: { includeRevoked: true }, signal })).systems,
  createSystem: (name, role) => callStaff(apiKeysCreate, { body: { name, role } }),
  revokeSystem: async (id) => (await callStaff(apiKeysRevoke, { body: { id } })).system,
  webhooks: async (signal) => (await callStaff(webhooksList, { body: {}, signal })).endpoints,
  createWebhook: (input) => callStaff(webhooksCreate, { body: input }),
  deleteWebhook: (id) => callStaff(webhooksDelete, { body: { id } }),
  file: (url) => fetchStaffFile(url),
};

const callsSlot = swappableCalls<StaffAdminCalls>(realCalls);
export const provideStaffAdminCalls = callsSlot.provide;
export const staffAdminCalls = callsSlot.current;
