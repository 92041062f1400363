import { useId, useState, type DragEvent, type RefObject } from 'react';
import { UPLOAD_LIMITS } from '../../../contract/board-files';
import { BOARD_FILE_ACCEPT, uploadNameOf } from '../../../services/board-files';
import { useT } from '../../../services/i18n';
import { Icon } from '../../components/ui/icon';
import { useWizardSend } from './wizard-actor';

interface FileDropZoneProps {
  /** Lets a 'Выбрать другие файлы' button elsewhere open the same picker. */
  inputRef?: RefObject<HTMLInputElement | null>;
  compact?: boolean;
}

/**
 * Gerber and drill files, or a zip of them, picked or dropped. The input itself stays in the tab order (only
 * visually hidden), so Enter or Space opens the picker and the zone shows its focus ring.
 */
export function FileDropZone({ inputRef, compact = false }: FileDropZoneProps) {
  const t = useT();
  const id = useId();
  const send = useWizardSend();
  const [over, setOver] = useState(false);
  const pick = (list: FileList | null) => {
    const files = list ? Array.from(list) : [];
    if (files.length > 0) send({ type: 'wizard.pickFiles', name: uploadNameOf(files), items: files });
  };
  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setOver(false);
    pick(event.dataTransfer.files);
  };
  const maxMb = Math.round(UPLOAD_LIMITS.archiveBytes / 1024 / 1024);
  return (
    <div className={['wizard-drop', over ? 'wizard-drop--over' : '', compact ? 'wizard-drop--compact' : ''].filter(Boolean).join(' ')}>
      <input
        ref={inputRef}
        id={id}
        className="visually-hidden wizard-drop__input"
        type="file"
        multiple
        accept={BOARD_FILE_ACCEPT}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          pick(event.target.files);
          // The same files picked again must fire `change` again.
          event.target.value = '';
        }}
      />
      <label
        htmlFor={id}
        className="wizard-drop__zone"
        onDragEnter={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragOver={(event) => event.preventDefault()}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <Icon name="plus" size={compact ? 20 : 32} />
        <span className="wizard-drop__title">{t(compact ? 'wizard.files.dropOther' : 'wizard.files.drop')}</span>
        <span className="wizard-drop__hint" id={`${id}-hint`}>
          {t('wizard.files.dropHint', { mb: maxMb, files: UPLOAD_LIMITS.files })}
        </span>
      </label>
    </div>
  );
}
