import type { CallDefinition, StaffRole } from '../../contract/call';
import {
  staffCheckClaim, staffCheckQueue, staffComplaintsList, staffOrdersList, staffOrdersMove, staffSupportStrangerKey,
} from '../../contract/staff-orders';
import { staffMembersList } from '../../contract/staff';

/** Whether a member of this role may make the call: the contract's roles, which the gateway enforces anyway. */
export function mayCall(call: Pick<CallDefinition<unknown, unknown, unknown>, 'roles'>, role: StaffRole): boolean {
  return call.roles === undefined || call.roles.includes(role);
}

/** What the staff pages show a member, each named by the call behind it. */
export const staffAbilities = (role: StaffRole) => ({
  queue: mayCall(staffCheckQueue, role),
  check: mayCall(staffCheckClaim, role),
  orders: mayCall(staffOrdersList, role),
  moves: mayCall(staffOrdersMove, role),
  complaints: mayCall(staffComplaintsList, role),
  support: mayCall(staffSupportStrangerKey, role),
  /** Staff accounts, the audit log, systems and webhooks: all admin-only calls, so one ability. */
  admin: mayCall(staffMembersList, role),
});

/** Where a member lands after signing in: the engineering desk, or the order desk for whom the queue is closed. */
export const staffHome = (role: StaffRole): string => (staffAbilities(role).queue ? '/staff' : '/staff/orders');
