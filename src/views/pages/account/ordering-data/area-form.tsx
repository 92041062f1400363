import type { ReactNode, RefObject } from 'react';
import { useT } from '../../../../services/i18n';
import { FlowForm } from '../../../components/form/flow-form';
import { FormError } from '../../../components/form/form-error';
import { Button } from '../../../components/ui/button';

/** What the frame takes from useFormState. */
interface FormControl {
  formRef: RefObject<HTMLFormElement | null>;
  banner: string | null;
  attempt: (hasProblems: boolean) => boolean;
  refused: (error: unknown, fields: readonly string[]) => void;
}

interface SaveMutation<Body, Saved> {
  isPending: boolean;
  mutate: (body: Body, callbacks: { onSuccess: (saved: Saved) => void; onError: (error: unknown) => void }) => void;
}

interface AreaFormProps<Body, Saved> {
  /** The area's locale section, e.g. 'account.contacts': its form.cancel, form.save and form.create. */
  section: string;
  form: FormControl;
  hasProblems: boolean;
  /** The fields a refusal of the gateway may name. */
  fields: readonly string[];
  save: SaveMutation<Body, Saved>;
  /** The body to send, read at the submit. */
  body: () => Body;
  /** An existing record (save), else a new one (create). */
  editing: boolean;
  onDone: (saved: Saved) => void;
  onCancel: () => void;
  children: ReactNode;
}

/** The frame of an ordering-data form: the banner, the fields, cancel and save; sends nothing while a field is wrong. */
export function AreaForm<Body, Saved>(props: AreaFormProps<Body, Saved>) {
  const { section, form, hasProblems, fields, save, body, editing, onDone, onCancel, children } = props;
  const t = useT();
  const submit = () => {
    if (!form.attempt(hasProblems) || save.isPending) return;
    save.mutate(body(), { onSuccess: onDone, onError: (error) => form.refused(error, fields) });
  };
  return (
    <FlowForm formRef={form.formRef} className="od-form" onSubmit={submit}>
      <FormError message={form.banner} />
      {children}
      <div className="od-form__actions">
        <Button variant="secondary" onClick={onCancel}>{t(`${section}.form.cancel`)}</Button>
        <Button type="submit" busy={save.isPending}>{t(editing ? `${section}.form.save` : `${section}.form.create`)}</Button>
      </div>
    </FlowForm>
  );
}
