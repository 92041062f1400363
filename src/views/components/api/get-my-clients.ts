import { useQuery } from '@tanstack/react-query';
import { loadMyClients } from '../../../services/my-clients';

/** The user's clients with their roles: what a tab's client picker offers. */
export const useMyClients = () => useQuery({ queryKey: ['clients', 'mine'], queryFn: ({ signal }) => loadMyClients(signal) });
