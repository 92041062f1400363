import { useQuery } from '@tanstack/react-query';
import { staffAdminCalls } from '../../../../services/staff/staff-admin-calls';

export const membersKey = (includeDisabled: boolean) => ['staff', 'members', includeDisabled] as const;
export const MEMBERS_KEY = ['staff', 'members'] as const;
export const SYSTEMS_KEY = ['staff', 'api-keys'] as const;
export const WEBHOOKS_KEY = ['staff', 'webhooks'] as const;

export const useMembers = (includeDisabled: boolean) => useQuery({
  queryKey: membersKey(includeDisabled),
  queryFn: ({ signal }) => staffAdminCalls().members(includeDisabled, signal),
});

export const useSystems = () => useQuery({ queryKey: SYSTEMS_KEY, queryFn: ({ signal }) => staffAdminCalls().systems(signal) });
