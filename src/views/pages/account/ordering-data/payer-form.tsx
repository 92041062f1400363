import { useState } from 'react';
import { bankTitle } from '../../../../contract/banks';
import type { Client } from '../../../../contract/clients';
import { LEGAL_FORMS, legalFormKind, type Payer, type LegalFormCode } from '../../../../contract/payers';
import { useT } from '../../../../services/i18n';
import { SelectField } from '../../../components/form/select-field';
import { TextField } from '../../../components/form/text-field';
import { Button } from '../../../components/ui/button';
import { useBankLookup, type BankLookup } from './api/get-bank';
import { useSavePayer } from './api/ordering-data-mutations';
import { AreaForm } from './area-form';
import {
  PAYER_FIELDS, DIGIT_LIMITS, clientAsPayer, payerBody, payerProblems, payerValues, legalFormName, problemKey,
  type PayerField, type DigitField,
} from './payer-model';
import { useFormState } from './use-form-state';

const S = 'account.payers';

interface PayerFormProps {
  client: Client;
  /** The payer being edited; a new one when absent. */
  item?: Payer | undefined;
  onDone: (saved: Payer) => void;
  onCancel: () => void;
}

/** Payer requisites, checked on the field as the user leaves it and again before anything is sent. */
export function PayerForm({ client, item, onDone, onCancel }: PayerFormProps) {
  const t = useT();
  const form = useFormState(payerValues(item));
  const save = useSavePayer(client.id, item);
  // A new payer is most often the client itself: its requisites are offered in one click, still editable.
  const own = item ? null : clientAsPayer(client);
  const [ownFilled, setOwnFilled] = useState(false);
  const fillOwn = () => {
    if (!own) return;
    for (const [name, value] of Object.entries(own) as [PayerField, string][]) form.set(name, value);
    setOwnFilled(true);
  };
  const { values } = form;
  // A known BIK fills the bank's name and correspondent account; both stay editable.
  const bank = useBankLookup((found) => {
    form.set('bankName', bankTitle(found));
    form.set('correspondentAccount', found.correspondentAccount);
  });
  const kind = legalFormKind(values.legalForm);
  const problems = payerProblems(values);
  const message = (name: PayerField) => {
    const problem = problems[name];
    return problem ? t(`${S}.errors.${problemKey(name, problem, kind)}`) : undefined;
  };
  const text = (name: PayerField) => ({
    name,
    value: values[name],
    onValueChange: (next: string) => form.set(name, next),
    ...form.field(name, message(name)),
  });
  const digits = (name: DigitField) => ({
    ...text(name),
    inputMode: 'numeric' as const,
    autoComplete: 'off',
    maxLength: DIGIT_LIMITS[name],
    onValueChange: (next: string) => form.set(name, next.replace(/\D/g, '').slice(0, DIGIT_LIMITS[name])),
  });

  return (
    <AreaForm section={S} form={form} fields={PAYER_FIELDS} hasProblems={Object.keys(problems).length > 0}
      save={save} body={() => payerBody(values)} editing={item !== undefined} onDone={onDone} onCancel={onCancel}>
      {own ? (
        <div className="od-form__own">
          <Button variant="secondary" onClick={fillOwn}>{t(`${S}.form.own`, { client: client.name })}</Button>
          <p className="od-form__own-text" role={ownFilled ? 'status' : undefined}>{ownFilled ? t(`${S}.form.ownFilled`) : t(`${S}.form.ownHint`)}</p>
        </div>
      ) : null}
      <SelectField
        controlClassName="od-select"
        label={t(`${S}.form.legalForm`)}
        value={values.legalForm}
        onValueChange={(next) => form.set('legalForm', next as LegalFormCode)}
        options={LEGAL_FORMS.map((legalForm) => ({ value: legalForm.code, label: legalFormName(legalForm.code) }))}
        {...form.field('legalForm', undefined)}
      />
      <TextField label={t(`${S}.form.name.${kind}`)} autoComplete="organization" {...text('name')} />
      <div className="od-form__row">
        <TextField label={t(`${S}.form.inn`)} hint={t(`${S}.form.innHint.${kind}`)} {...digits('inn')} />
        {kind === 'legal' ? (
          <TextField
            label={t(`${S}.form.kpp`)}
            autoComplete="off"
            maxLength={9}
            {...text('kpp')}
            // The reason code may hold capital Latin letters, so the KPP is not digits-only.
            onValueChange={(next) => form.set('kpp', next.toUpperCase().replace(/[^\dA-Z]/g, '').slice(0, 9))}
          />
        ) : null}
      </div>
      <TextField label={t(`${S}.form.ogrn.${kind}`)} hint={t(`${S}.form.ogrnHint.${kind}`)} {...digits('ogrn')} />
      <TextField label={t(`${S}.form.legalAddress`)} autoComplete="street-address" {...text('legalAddress')} />
      <fieldset className="od-form__group">
        <legend>{t(`${S}.form.bank`)}</legend>
        <div className="od-form__row">
          <TextField
            label={t(`${S}.form.bik`)}
            hint={<BikHint lookup={bank.state} />}
            {...digits('bik')}
            onValueChange={(next) => {
              const bik = next.replace(/\D/g, '').slice(0, DIGIT_LIMITS.bik);
              form.set('bik', bik);
              bank.lookUp(bik);
            }}
          />
          <TextField label={t(`${S}.form.bankName`)} autoComplete="off" {...text('bankName')} />
        </div>
        <TextField label={t(`${S}.form.settlementAccount`)} {...digits('settlementAccount')} />
        <TextField label={t(`${S}.form.correspondentAccount`)} {...digits('correspondentAccount')} />
      </fieldset>
    </AreaForm>
  );
}

/** Under the BIK: what it should be, then what the banks' reference says of the BIK typed. */
function BikHint({ lookup }: { lookup: BankLookup }) {
  const t = useT();
  if (lookup.status === 'idle') return <>{t(`${S}.form.bikHint`)}</>;
  const text = lookup.status === 'found'
    ? t(`${S}.form.bikFound`, { bank: bankTitle(lookup.bank) })
    : t(`${S}.form.bik${lookup.status === 'looking' ? 'Looking' : lookup.status === 'unknown' ? 'Unknown' : 'Failed'}`);
  return <span role="status">{text}</span>;
}
