import type { BoardFile } from '../../../contract/board-files';
import type { t as translate } from '../../../services/i18n';

/** 'Медь, верх' for a file's identified layer; 'Не определён' when nothing identified it. */
export function layerName(t: typeof translate, file: Pick<BoardFile, 'type' | 'side'>): string {
  if (!file.type) return t('board.layerTypes.unknown');
  const type = t(`board.layerTypes.${file.type}`);
  return file.side ? t('board.layerWithSide', { type, side: t(`board.layerSides.${file.side}`) }) : type;
}

/** 'по атрибутам Gerber X2'; where the evidence was weak, 'по содержимому — проверьте'. */
export function howIdentified(t: typeof translate, file: Pick<BoardFile, 'identifiedBy' | 'needsCheck'>): string {
  const how = t(`wizard.layers.identifiedBy.${file.identifiedBy ?? 'none'}`);
  return file.needsCheck ? t('wizard.layers.needsCheck', { how }) : how;
}

/** The headings every table of a board's files opens with: the file, what it was taken for, and how. */
export function layerColumns(t: typeof translate): string[] {
  return [t('wizard.layers.columns.file'), t('wizard.layers.columns.type'), t('wizard.layers.columns.identifiedBy')];
}
