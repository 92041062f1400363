import { UPLOAD_LIMITS } from '../../src/contract/board-files';
import { UploadRefused } from './refusal';
import { contentFormat, isZip } from './sniff';
import { extractEntry, readCentralDirectory, type ZipEntry } from './zip';

export interface SourceFile { id: string; name: string; content: Uint8Array }

const MB = 1024 * 1024;
const NAME_MAX = 255;

/** `..` segments, absolute paths (`/x`, `C:\x`, `\\server\x`) and NUL bytes; backslashes count as separators. */
export function isUnsafePath(name: string): boolean {
  const path = name.replace(/\\/g, '/');
  if (path.includes('\0') || path.startsWith('/') || /^[A-Za-z]:/.test(path)) return true;
  return path.split('/').some((segment) => segment.trim() === '..');
}

function segments(name: string): string[] {
  return name.replace(/\\/g, '/').split('/').filter((segment) => segment !== '' && segment !== '.');
}

/** What archivers add on their own: macOS resource forks and Finder files, Windows thumbnails. */
function isJunk(name: string): boolean {
  const parts = segments(name);
  const base = parts[parts.length - 1] ?? '';
  return parts.includes('__MACOSX') || base.startsWith('._')
    || ['.ds_store', 'thumbs.db', 'desktop.ini'].includes(base.toLowerCase());
}

/** The base name: folders inside the archive are fine, the layer is named by its file. */
function displayName(name: string): string {
  const base = segments(name).pop() ?? name;
  return base.length > NAME_MAX ? base.slice(-NAME_MAX) : base;
}

function singleFile(bytes: Uint8Array, fileName: string): SourceFile {
  const name = displayName(fileName) || 'file';
  if (bytes.length === 0) throw new UploadRefused('emptyUpload');
  // The body limit of a single file is the archive's: a file may be larger unpacked, never uploaded larger.
  const limit = Math.min(UPLOAD_LIMITS.archiveBytes, UPLOAD_LIMITS.fileBytes);
  if (bytes.length > limit) throw new UploadRefused('fileTooLarge', { name, max: limit / MB });
  // Named .zip without the zip signature: the archive is damaged, saying "not Gerber" would mislead.
  if (/\.zip$/i.test(name)) throw new UploadRefused('zipBroken');
  return { id: 'f1', name, content: bytes };
}

/** Every check the central directory allows, before a byte is inflated. */
function checkDeclared(all: ZipEntry[]): ZipEntry[] {
  const unsafe = all.find((entry) => isUnsafePath(entry.name));
  if (unsafe) throw new UploadRefused('zipTraversal', { name: unsafe.name });
  const files = all.filter((entry) => !entry.isDirectory && !isJunk(entry.name));
  if (files.some((entry) => entry.encrypted)) throw new UploadRefused('zipEncrypted');
  if (files.length > UPLOAD_LIMITS.files) throw new UploadRefused('tooManyFiles', { max: UPLOAD_LIMITS.files });
  if (files.some((entry) => entry.method !== 0 && entry.method !== 8)) throw new UploadRefused('zipBroken');
  const total = files.reduce((sum, entry) => sum + entry.size, 0);
  if (total > UPLOAD_LIMITS.unpackedBytes) {
    throw new UploadRefused('unpackedTooLarge', { max: UPLOAD_LIMITS.unpackedBytes / MB });
  }
  const large = files.find((entry) => entry.size > UPLOAD_LIMITS.fileBytes);
  if (large) throw new UploadRefused('fileTooLarge', { name: displayName(large.name), max: UPLOAD_LIMITS.fileBytes / MB });
  return files;
}

function unpackZip(bytes: Uint8Array): SourceFile[] {
  if (bytes.length > UPLOAD_LIMITS.archiveBytes) {
    throw new UploadRefused('archiveTooLarge', { max: UPLOAD_LIMITS.archiveBytes / MB });
  }
  const files = checkDeclared(readCentralDirectory(bytes));
  return files.map((entry, index) => ({
    id: `f${index + 1}`,
    name: displayName(entry.name),
    content: extractEntry(bytes, entry, UPLOAD_LIMITS.unpackedBytes / MB),
  }));
}

/**
 * A zip (recognised by its signature, whatever its name) is unpacked in memory; anything else is one file.
 * Throws UploadRefused when a limit is passed, the archive is unsafe or broken, or nothing in it is Gerber or
 * Excellon: a refused upload is answered at once and leaves nothing behind.
 */
export function unpackUpload(bytes: Uint8Array, fileName: string): SourceFile[] {
  const zipped = isZip(bytes);
  const files = zipped ? unpackZip(bytes) : [singleFile(bytes, fileName)];
  if (files.length === 0) throw new UploadRefused('emptyUpload');
  if (files.every((file) => contentFormat(file.content) === 'unknown')) {
    if (zipped) throw new UploadRefused('noBoardFiles');
    throw new UploadRefused('notGerber', { name: files[0]?.name ?? fileName });
  }
  return files;
}
