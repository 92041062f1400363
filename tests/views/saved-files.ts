import { vi } from 'vitest';
import { provideSignedInFileFetch } from '../../src/services/invoice-files';

/**
 * Members-only files saved from a page, caught: each URL asked of the gateway with the session's token answers with
 * `blob`, and each save the browser would make is recorded by its file name instead. The file fetch is put back
 * through `undo`; the click spy by the file's `vi.restoreAllMocks()`.
 */
export function catchSavedFiles(undo: (() => void)[], blob: Blob = new Blob(['x'])): { requested: string[]; saved: string[] } {
  const requested: string[] = [];
  const saved: string[] = [];
  undo.push(provideSignedInFileFetch((url) => {
    requested.push(url);
    return Promise.resolve({ status: 200, blob });
  }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function click(this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  URL.createObjectURL = vi.fn(() => 'blob:saved');
  URL.revokeObjectURL = vi.fn();
  return { requested, saved };
}
