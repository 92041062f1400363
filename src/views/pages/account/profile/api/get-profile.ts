import { useQuery } from '@tanstack/react-query';
import { profileAccountCalls } from '../../../../../services/profile-account';

export const detailedInfoKey = ['profile', 'detailed info'] as const;
export const sessionsKey = ['profile', 'sessions'] as const;
export const letterSettingsKey = ['profile', 'letter settings'] as const;

/** GetMyDetailedInfo: the main-info and reserve-contacts cards read it, one request for both. */
export const useDetailedInfo = () => useQuery({
  queryKey: detailedInfoKey,
  queryFn: ({ signal }) => profileAccountCalls().detailedInfo(signal),
});

/** The user's active sessions. */
export const useSessions = () => useQuery({ queryKey: sessionsKey, queryFn: ({ signal }) => profileAccountCalls().sessions(signal) });

/** Which order letters the user receives, and the language they are written in. */
export const useLetterSettings = () => useQuery({
  queryKey: letterSettingsKey,
  queryFn: ({ signal }) => profileAccountCalls().letterSettings(signal),
});
