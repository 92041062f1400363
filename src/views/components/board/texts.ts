import type { BoardFile } from '../../../contract/board-files';
import type { t as translate } from '../../../services/i18n';

/** A text by a code the gateway chose (a file's error, an alert), with a general one for codes not known here. */
export function textOr(t: typeof translate, key: string, fallbackKey: string, params?: Record<string, string | number>): string {
  const text = t(key, params);
  return text === key ? t(fallbackKey, params) : text;
}

/** Why a file was not used; a file refused for its geometry names the limit it passed and by how much. */
export function fileErrorText(t: typeof translate, file: BoardFile): string {
  const range = file.outOfRange;
  if (range) {
    return textOr(t, `board.outOfRange.${range.kind}`, 'board.fileErrors.geometryOutOfRange', { name: file.name, value: range.value, limit: range.limit });
  }
  return textOr(t, `board.fileErrors.${file.error ?? 'other'}`, 'board.fileErrors.other', { name: file.name });
}
