import { useQuery } from '@tanstack/react-query';
import { fetchSignedInFile } from '../../../../services/invoice-files';

/** A members-only file as a blob; leaving (or another url) aborts the request. */
export const useSignedInFile = (url: string) => useQuery({
  queryKey: ['invoices', 'file', url],
  queryFn: ({ signal }) => fetchSignedInFile(url, signal),
});
