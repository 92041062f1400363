import { useState } from 'react';
import { useT } from '../../../services/i18n';
import { FormError } from '../../components/form/form-error';
import { PasswordField } from '../../components/form/password-field';
import { PhoneField } from '../../components/form/phone-field';
import { TextField } from '../../components/form/text-field';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { ShowcaseSection } from './section';

type DialogKind = 'plain' | 'comment' | 'required';

export function FormPart() {
  const t = useT();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('secret');
  const [phone, setPhone] = useState('+7 (999) 123-45');
  const [errors, setErrors] = useState(true);
  const [dialog, setDialog] = useState<DialogKind | null>(null);
  const [answer, setAnswer] = useState<string | null>(null);
  const error = errors ? t('ui.showcase.form.fieldError') : undefined;

  const close = (result: string) => {
    setDialog(null);
    setAnswer(result);
  };

  return (
    <>
      <ShowcaseSection title={t('ui.showcase.form.fields')}>
        <form className="showcase__form" noValidate onSubmit={(event) => event.preventDefault()}>
          {errors ? <FormError message={t('ui.showcase.form.formError')} /> : null}
          <TextField label={t('ui.showcase.form.text')} value={name} onValueChange={setName} error={error} />
          <PasswordField
            label={t('ui.showcase.form.password')}
            value={password}
            onValueChange={setPassword}
            error={error}
            toggleLabels={[t('ui.showcase.form.showPassword'), t('ui.showcase.form.hidePassword')]}
          />
          <PhoneField label={t('ui.showcase.form.phone')} value={phone} onValueChange={setPhone} error={error} />
          <TextField label={t('ui.showcase.form.valid')} value="demo@example.ru" onValueChange={() => undefined} readOnly />
          <Button variant="secondary" aria-pressed={errors} onClick={() => setErrors((shown) => !shown)}>
            {t('ui.showcase.form.toggleErrors')}
          </Button>
        </form>
      </ShowcaseSection>

      <ShowcaseSection title={t('ui.showcase.form.confirm')}>
        <Button variant="secondary" onClick={() => setDialog('plain')}>
          {t('ui.showcase.form.confirmPlain')}
        </Button>
        <Button variant="secondary" onClick={() => setDialog('comment')}>
          {t('ui.showcase.form.confirmComment')}
        </Button>
        <Button variant="secondary" onClick={() => setDialog('required')}>
          {t('ui.showcase.form.confirmRequired')}
        </Button>
        <p className="showcase__note" aria-live="polite">
          {answer ?? t('ui.showcase.form.noAnswer')}
        </p>
        <ConfirmDialog
          open={dialog !== null}
          text={dialog === 'required' ? t('ui.showcase.form.removeText') : undefined}
          okLabel={dialog === 'required' ? t('ui.showcase.form.remove') : undefined}
          cancelLabel={dialog === 'required' ? t('ui.showcase.form.cancel') : undefined}
          withComment={dialog === 'comment' || dialog === 'required'}
          commentRequired={dialog === 'required'}
          onConfirm={(comment) => close(t('ui.showcase.form.confirmed', { comment: comment || '—' }))}
          onCancel={() => close(t('ui.showcase.form.cancelled'))}
        />
      </ShowcaseSection>
    </>
  );
}
