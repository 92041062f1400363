import { useState } from 'react';
import { useT } from '../../../services/i18n';
import { TextAreaField } from '../form/text-area-field';
import { Modal } from './modal';
import './ui.css';
import { FlowForm } from '../form/flow-form';

interface ConfirmDialogProps {
  open: boolean;
  /** Defaults to 'Вы уверены?'; it is the dialog's heading and accessible name. */
  text?: string;
  /** Defaults to 'Да'. */
  okLabel?: string;
  /** Defaults to 'Нет'. */
  cancelLabel?: string;
  withComment?: boolean;
  /** A required comment must be non-empty; confirm stays disabled and 'Обязательное поле' shows. */
  commentRequired?: boolean;
  /** The trimmed comment; '' without a comment field. */
  onConfirm: (comment: string) => void;
  /** Also on Escape and on a click outside. */
  onCancel: () => void;
}

export function ConfirmDialog({ open, text, okLabel, cancelLabel, withComment = false, commentRequired = false, onConfirm, onCancel }: ConfirmDialogProps) {
  const t = useT();
  return (
    <Modal open={open} onOpenChange={(next) => (next ? undefined : onCancel())} title={text ?? t('ui.confirm.text')} width={440} role="alertdialog">
      {/* Mounted only while open, so every opening starts with an empty comment. */}
      <ConfirmForm
        okLabel={okLabel ?? t('ui.confirm.ok')}
        cancelLabel={cancelLabel ?? t('ui.confirm.cancel')}
        withComment={withComment}
        commentRequired={withComment && commentRequired}
        onConfirm={onConfirm}
        onCancel={onCancel}
      />
    </Modal>
  );
}

interface ConfirmFormProps {
  okLabel: string;
  cancelLabel: string;
  withComment: boolean;
  commentRequired: boolean;
  onConfirm: (comment: string) => void;
  onCancel: () => void;
}

function ConfirmForm({ okLabel, cancelLabel, withComment, commentRequired, onConfirm, onCancel }: ConfirmFormProps) {
  const t = useT();
  const [comment, setComment] = useState('');
  // The error waits until the user has been in the field, so the dialog does not open red.
  const [touched, setTouched] = useState(false);
  const missing = commentRequired && comment.trim() === '';
  const error = missing && touched ? t('ui.confirm.required') : undefined;

  const submit = () => {
    if (missing) {
      setTouched(true);
      return;
    }
    onConfirm(withComment ? comment.trim() : '');
  };

  return (
    <FlowForm className="ui-confirm" onSubmit={submit}>
      {withComment ? (
        <TextAreaField
          label={t('ui.confirm.commentLabel')}
          error={error}
          controlClassName="ui-confirm__comment"
          value={comment}
          placeholder={t('ui.confirm.placeholder')}
          required={commentRequired}
          aria-required={commentRequired || undefined}
          onValueChange={(value) => {
            setComment(value);
            setTouched(true);
          }}
          onBlur={() => setTouched(true)}
        />
      ) : null}
      {/* Cancel first: without a comment field it is what the dialog focuses, the safe choice. */}
      <div className="ui-confirm__actions">
        <button type="button" className="ui-button ui-button--secondary" onClick={onCancel}>
          {cancelLabel}
        </button>
        <button type="submit" className="ui-button ui-button--primary" disabled={missing}>
          {okLabel}
        </button>
      </div>
    </FlowForm>
  );
}
