import type { Contact } from '../../../../contract/contacts';
import { useT } from '../../../../services/i18n';
import { PhoneField } from '../../../components/form/phone-field';
import { TextAreaField } from '../../../components/form/text-area-field';
import { TextField } from '../../../components/form/text-field';
import { useSaveContact } from './api/ordering-data-mutations';
import { AreaForm } from './area-form';
import { CONTACT_FIELDS, contactBody, contactProblems, contactValues, type ContactField } from './contact-model';
import { useFormState } from './use-form-state';

const S = 'account.contacts';

interface ContactFormProps {
  clientId: number;
  item?: Contact | undefined;
  onDone: (saved: Contact) => void;
  onCancel: () => void;
}

/** A contact person: a name, and a phone or an e-mail to reach them by. */
export function ContactForm({ clientId, item, onDone, onCancel }: ContactFormProps) {
  const t = useT();
  const form = useFormState(contactValues(item));
  const save = useSaveContact(clientId, item);
  const { values } = form;
  const stored = item?.phone ?? null;
  const problems = contactProblems(values, stored);
  const message = (name: ContactField) => {
    const problem = problems[name];
    if (!problem) return undefined;
    // "Phone or e-mail" is said once, under the phone; the e-mail field is only marked.
    return problem === 'phoneOrEmail' && name === 'email' ? '' : t(`${S}.errors.${problem}`);
  };
  const text = (name: ContactField) => ({
    name,
    value: values[name],
    onValueChange: (next: string) => form.set(name, next),
    ...form.field(name, message(name)),
  });

  return (
    <AreaForm section={S} form={form} fields={CONTACT_FIELDS} hasProblems={Object.keys(problems).length > 0}
      save={save} body={() => contactBody(values, stored)} editing={item !== undefined} onDone={onDone} onCancel={onCancel}>
      <div className="od-form__row">
        <TextField label={t(`${S}.form.lastName`)} autoComplete="off" {...text('lastName')} />
        <TextField label={t(`${S}.form.firstName`)} autoComplete="off" {...text('firstName')} />
      </div>
      <div className="od-form__row">
        <TextField label={t(`${S}.form.middleName`)} autoComplete="off" {...text('middleName')} />
        <TextField label={t(`${S}.form.position`)} autoComplete="off" {...text('position')} />
      </div>
      <div className="od-form__row">
        <PhoneField label={t(`${S}.form.phone`)} autoComplete="off" {...text('phone')} />
        <TextField label={t(`${S}.form.email`)} type="email" inputMode="email" autoComplete="off" spellCheck={false} {...text('email')} />
      </div>
      <TextAreaField controlClassName="od-textarea" label={t(`${S}.form.comment`)} {...text('comment')} />
    </AreaForm>
  );
}
