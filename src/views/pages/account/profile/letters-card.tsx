import { useState } from 'react';
import { ORDER_LETTERS, type LetterSettings, type OrderLetter } from '../../../../contract/letters';
import { useT } from '../../../../services/i18n';
import { FlowForm } from '../../../components/form/flow-form';
import { FormError } from '../../../components/form/form-error';
import { Button } from '../../../components/ui/button';
import { useLetterSettings } from './api/get-profile';
import { useSetMutedLetters } from './api/profile-mutations';
import { ProfileCard } from './profile-card';
import { formErrorsOf, useFormErrors } from './use-form-errors';

/** The order letters, one checkbox each (checked: it comes), saved together with SetLetterSettings. */
function LettersForm({ settings }: { settings: LetterSettings }) {
  const t = useT();
  const [muted, setMuted] = useState<ReadonlySet<OrderLetter>>(() => new Set(settings.mutedLetters));
  const save = useSetMutedLetters();
  const errors = useFormErrors(formErrorsOf({}, save.error), []);
  const toggle = (kind: OrderLetter, receive: boolean) => setMuted((current) => {
    const next = new Set(current);
    if (receive) next.delete(kind);
    else next.add(kind);
    return next;
  });

  return (
    <FlowForm
      className="profile-letters"
      aria-labelledby="profile-letters-heading"
      onSubmit={() => save.mutate(ORDER_LETTERS.filter((kind) => muted.has(kind)))}
    >
      <FormError message={errors.banner} />
      <fieldset className="profile-letters__kinds">
        <legend className="profile-choice__legend">{t('account.profile.letters.legend')}</legend>
        {ORDER_LETTERS.map((kind) => (
          <label key={kind} className="profile-choice__option">
            <input type="checkbox" name={kind} checked={!muted.has(kind)} onChange={(event) => toggle(kind, event.target.checked)} />
            <span>{t(`account.profile.letters.kinds.${kind}`)}</span>
          </label>
        ))}
      </fieldset>
      <p className="profile-muted">
        {t('account.profile.letters.langNote', { language: t(`account.profile.letters.languages.${settings.lang}`) })}
      </p>
      <div className="profile-card__actions">
        <Button type="submit" busy={save.isPending}>{t(save.isPending ? 'account.profile.letters.saving' : 'account.profile.letters.save')}</Button>
      </div>
    </FlowForm>
  );
}

/** Order letters: which ones come by e-mail; codes and security letters always do. */
export function LettersCard() {
  const t = useT();
  return (
    <ProfileCard name="letters" heading={t('account.profile.letters.heading')} lead={t('account.profile.letters.lead')}
      query={useLetterSettings()} skeleton={{ rows: 5 }} failedText={t('account.profile.letters.loadFailed')}>
      {(settings) => <LettersForm settings={settings} />}
    </ProfileCard>
  );
}
