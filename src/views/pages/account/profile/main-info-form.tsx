import { useMemo, useState } from 'react';
import type { UserSummary } from '../../../../contract/user';
import type { FieldErrors } from '../../../../machines/shared/form-checks';
import { useT } from '../../../../services/i18n';
import { mainInfoErrors, trimmedMainInfo } from '../../../../services/profile-account';
import { ChoiceFieldset } from '../../../components/form/choice-fieldset';
import { FlowForm } from '../../../components/form/flow-form';
import { FormError } from '../../../components/form/form-error';
import { GENDERS, genderOf, isMaleOf, type Gender } from '../../../components/form/gender';
import { TextField } from '../../../components/form/text-field';
import { Button } from '../../../components/ui/button';
import { useFocusFirstInvalid } from '../../auth/flow-hooks';
import { useUpdateMainInfo } from './api/profile-mutations';
import { PROFILE_CHOICE } from './profile-card';
import { formErrorsOf, useFormErrors } from './use-form-errors';

const NAME_FIELDS = ['firstName', 'patronymic', 'lastName'] as const;
const AUTOCOMPLETE = { firstName: 'given-name', patronymic: 'additional-name', lastName: 'family-name' } as const;

/** Names and gender; saved with UpdateMainInfo (nothing is sent while a check fails). */
export function MainInfoForm({ summary }: { summary: UserSummary }) {
  const t = useT();
  const [names, setNames] = useState({ firstName: summary.firstName, patronymic: summary.patronymic, lastName: summary.lastName });
  const [gender, setGender] = useState<Gender>(genderOf(summary.isMale));
  const update = useUpdateMainInfo();
  const [checks, setChecks] = useState<FieldErrors>({});
  const errorState = useMemo(() => formErrorsOf(checks, update.error), [checks, update.error]);
  const errors = useFormErrors(errorState, [...NAME_FIELDS, 'isMale']);
  const formRef = useFocusFirstInvalid(errorState);

  const save = () => {
    const body = trimmedMainInfo({ ...names, isMale: isMaleOf(gender) });
    const problems = mainInfoErrors(body);
    setChecks(problems);
    if (Object.keys(problems).length > 0) update.reset();
    else update.mutate(body);
  };

  return (
    <FlowForm formRef={formRef} className="profile-main__form" aria-label={t('account.profile.main.heading')} onSubmit={() => save()}>
      <FormError message={errors.banner} />
      <div className="profile-main__names">
        {NAME_FIELDS.map((name) => (
          <TextField
            key={name}
            label={t(`account.profile.main.${name}`)}
            name={name}
            autoComplete={AUTOCOMPLETE[name]}
            value={names[name]}
            onValueChange={(value) => setNames((current) => ({ ...current, [name]: value }))}
            hint={name === 'patronymic' ? t('account.profile.main.patronymicHint') : undefined}
            {...errors.field(name)}
          />
        ))}
      </div>
      <ChoiceFieldset legend={t('account.profile.main.gender')} name="gender" classes={PROFILE_CHOICE} options={GENDERS}
        value={gender} onChoose={setGender} labelOf={(key) => t(`account.profile.main.genders.${key}`)} />
      {errors.field('isMale').error ? <p className="field__error">{errors.field('isMale').error}</p> : null}
      <div className="profile-card__actions">
        <Button type="submit" busy={update.isPending}>{t(update.isPending ? 'account.profile.main.saving' : 'account.profile.main.save')}</Button>
      </div>
    </FlowForm>
  );
}
