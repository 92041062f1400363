/** Why an upload is refused before anything is stored; each code is also the key of its message. */
export type RefusalCode = 'archiveTooLarge' | 'tooManyFiles' | 'fileTooLarge' | 'unpackedTooLarge' | 'zipTraversal'
  | 'zipBroken' | 'zipEncrypted' | 'noBoardFiles' | 'notGerber' | 'emptyUpload';

export class UploadRefused extends Error {
  constructor(readonly code: RefusalCode, readonly params: Record<string, string | number> = {}) {
    super(code);
    this.name = 'UploadRefused';
  }
}
