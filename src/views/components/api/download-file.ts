import { useMutation } from '@tanstack/react-query';
import { fetchSignedInFile, saveFile } from '../../../services/invoice-files';
import { showToast } from '../../../services/toasts';
import { usePendingOf } from '../../data/pending';

export interface DownloadableFile {
  url: string;
  fileName: string;
  /** What the toast says when the file cannot be fetched. */
  failedText: string;
}

const FILE_DOWNLOAD = ['files', 'download'] as const;

/** A members-only file fetched with the session's token and saved under `fileName`; a toast if it fails; busy per url. */
export function useFileDownload() {
  const download = useMutation({
    mutationKey: FILE_DOWNLOAD,
    mutationFn: async (file: DownloadableFile) => saveFile(await fetchSignedInFile(file.url), file.fileName),
    onError: (error, file) => {
      console.error('[files] download failed', error);
      showToast({ kind: 'error', text: file.failedText });
    },
  });
  const busy = usePendingOf(FILE_DOWNLOAD, (file: DownloadableFile) => file.url);
  return { busy, download: download.mutate };
}
