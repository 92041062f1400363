import type { ActorRefFrom } from 'xstate';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import type { staffSignInMachine } from '../../../machines/staff-sign-in/staff-sign-in';
import { useT } from '../../../services/i18n';
import { FlowForm } from '../../components/form/flow-form';
import { FormError } from '../../components/form/form-error';
import { SubmitButton } from '../../components/form/submit-button';
import { TextField } from '../../components/form/text-field';

type SignInActor = ActorRefFrom<typeof staffSignInMachine>;

/** The authenticator's secret as a QR code, drawn here: the secret never leaves the page. */
function useQrCode(uri: string | null): string | null {
  const [image, setImage] = useState<{ uri: string; src: string } | null>(null);
  useEffect(() => {
    if (!uri) return undefined;
    let live = true;
    void import('qrcode').then((QRCode) => QRCode.toDataURL(uri, { margin: 1, width: 200 })).then(
      (src) => { if (live) setImage({ uri, src }); },
      (error: unknown) => console.error('[staff] QR code not drawn', error),
    );
    return () => {
      live = false;
    };
  }, [uri]);
  return image && image.uri === uri ? image.src : null;
}

/** The second factor: a new one to enrol on the first sign-in (QR code and secret), then its 6-digit code. */
export function StaffCodeStep({ actor }: { actor: SignInActor }) {
  const t = useT();
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const error = useSelector(actor, (s) => s.context.errorMessage);
  const codeError = useSelector(actor, (s) => s.context.fieldErrors.code);
  const enrolment = useSelector(actor, (s) => s.context.enrolment);
  const qr = useQrCode(enrolment?.otpauthUri ?? null);
  const [code, setCode] = useState('');
  return (
    <FlowForm className="staff-form" aria-labelledby="staff-code-heading" onSubmit={() => actor.send({ type: 'staffSignIn.submitCode', code })}>
      <h1 id="staff-code-heading">{t(enrolment ? 'staff.signIn.enrolHeading' : 'staff.signIn.codeHeading')}</h1>
      <p className="staff-form__lead">{t(enrolment ? 'staff.signIn.enrolLead' : 'staff.signIn.codeLead')}</p>
      {enrolment ? (
        <div className="staff-enrol">
          {qr ? <img className="staff-enrol__qr" src={qr} alt={t('staff.signIn.qrAlt')} width={200} height={200} /> : <div className="staff-enrol__qr" />}
          <p>
            {t('staff.signIn.secret')} <code className="staff-enrol__secret">{enrolment.secret}</code>
          </p>
        </div>
      ) : null}
      <FormError message={error === '' ? t('staff.signIn.generic') : error} />
      <TextField
        label={t('staff.signIn.code')}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        autoFocus
        value={code}
        onValueChange={(value) => setCode(value.replace(/\D/g, ''))}
        error={codeError ? t(codeError) : undefined}
      />
      <SubmitButton busy={busy} busyLabel={t('staff.signIn.confirming')}>{t('staff.signIn.confirm')}</SubmitButton>
      <button type="button" className="link-button" onClick={() => actor.send({ type: 'staffSignIn.back' })}>{t('staff.signIn.back')}</button>
    </FlowForm>
  );
}
