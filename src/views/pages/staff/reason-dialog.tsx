import { useState, type ReactNode } from 'react';
import { useT } from '../../../services/i18n';
import { FieldFrame } from '../../components/form/field';
import { Modal } from '../../components/ui/modal';
import { FlowForm } from '../../components/form/flow-form';

interface TextInputSpec {
  name: string;
  label: string;
  /** The message shown when it is left empty; absent: it may be left empty. */
  requiredText?: string;
  multiline?: boolean;
}

interface ReasonDialogProps {
  open: boolean;
  title: string;
  okLabel: string;
  fields: readonly TextInputSpec[];
  /** More of the form above the text fields (the question's kind and lines). */
  children?: ReactNode;
  onConfirm: (values: Record<string, string>) => void;
  onCancel: () => void;
}

/** A dialog asking for a few texts (a reason, a note, a carrier and tracking number) before an action on an order. */
export function ReasonDialog({ open, title, okLabel, fields, children, onConfirm, onCancel }: ReasonDialogProps) {
  return (
    <Modal open={open} onOpenChange={(next) => (next ? undefined : onCancel())} title={title} width={520}>
      {open ? <ReasonForm okLabel={okLabel} fields={fields} onConfirm={onConfirm} onCancel={onCancel}>{children}</ReasonForm> : null}
    </Modal>
  );
}

function ReasonForm({ okLabel, fields, children, onConfirm, onCancel }: Omit<ReasonDialogProps, 'open' | 'title'>) {
  const t = useT();
  const [values, setValues] = useState<Record<string, string>>({});
  const [checked, setChecked] = useState(false);
  const missing = (spec: TextInputSpec) => spec.requiredText !== undefined && (values[spec.name] ?? '').trim() === '';
  return (
    <FlowForm
      className="staff-dialog"
      onSubmit={() => {
        setChecked(true);
        if (fields.some(missing)) return;
        onConfirm(Object.fromEntries(fields.map((spec) => [spec.name, (values[spec.name] ?? '').trim()])));
      }}
    >
      {children}
      {fields.map((spec) => (
        <FieldFrame key={spec.name} label={spec.label} error={checked && missing(spec) ? spec.requiredText : undefined}>
          {({ id, describedBy, invalid }) => {
            const props = {
              id,
              name: spec.name,
              className: 'field__input',
              value: values[spec.name] ?? '',
              'aria-invalid': invalid || undefined,
              'aria-describedby': describedBy,
              onChange: (event: { target: { value: string } }) => setValues((now) => ({ ...now, [spec.name]: event.target.value })),
            };
            return spec.multiline ? <textarea rows={4} {...props} /> : <input type="text" {...props} />;
          }}
        </FieldFrame>
      ))}
      <div className="ui-confirm__actions">
        <button type="button" className="ui-button ui-button--secondary" onClick={onCancel}>{t('staff.check.close')}</button>
        <button type="submit" className="ui-button ui-button--primary">{okLabel}</button>
      </div>
    </FlowForm>
  );
}
