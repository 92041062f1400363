/** Segments of letters, digits, '.', '_' and '-' (not '.' or '..' alone), joined by '/'; a prefix ends with '/'. */
const KEY = /^(?!.*(?:^|\/)\.{1,2}(?:\/|$))[\w.-]+(?:\/[\w.-]+)*\/?$/;

/** The key itself, or a throw for one that could leave the store's folder or prefix. */
export function checkedKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`not a file store key: ${JSON.stringify(key)}`);
  return key;
}

/** A key that names a folder: in a bucket 'uploads/a' would also cover 'uploads/ab…'. */
export function checkedPrefix(prefix: string): string {
  if (!prefix.endsWith('/')) throw new Error(`not a file store prefix (no closing '/'): ${JSON.stringify(prefix)}`);
  return checkedKey(prefix);
}
