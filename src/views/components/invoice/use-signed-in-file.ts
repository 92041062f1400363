import { useEffect, useState } from 'react';
import { fetchSignedInFile, SignedInFileError } from '../../../services/invoice-files';

export type SignedInFile =
  | { status: 'loading'; blob: null }
  | { status: 'failed'; blob: null; notFound: boolean }
  | { status: 'loaded'; blob: Blob };

/** A members-only file as a blob, with a retry; leaving (or another url) aborts the request. */
export function useSignedInFile(url: string) {
  const [state, setState] = useState<{ url: string; file: SignedInFile }>({ url, file: { status: 'loading', blob: null } });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    fetchSignedInFile(url, controller.signal).then(
      (blob) => setState({ url, file: { status: 'loaded', blob } }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const notFound = error instanceof SignedInFileError && error.status === 404;
        if (!notFound) console.error('[invoices] file not loaded', error);
        setState({ url, file: { status: 'failed', blob: null, notFound } });
      },
    );
    return () => controller.abort();
  }, [url, attempt]);
  const file: SignedInFile = state.url === url ? state.file : { status: 'loading', blob: null };
  return {
    file,
    retry: () => {
      setState({ url, file: { status: 'loading', blob: null } });
      setAttempt((count) => count + 1);
    },
  };
}
