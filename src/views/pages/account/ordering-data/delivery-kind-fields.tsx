import { needsEndpoint } from '../../../../contract/delivery-settings';
import { dictionaryName } from '../../../../services/dictionaries';
import { useT } from '../../../../services/i18n';
import type { DeliveryReference } from '../../../../services/ordering-data';
import { PhoneField } from '../../../components/form/phone-field';
import { SelectField } from '../../../components/form/select-field';
import { TextField } from '../../../components/form/text-field';
import { endpointsOf, type DeliveryField, type DeliveryValues } from './delivery-model';

const S = 'account.delivery';

interface DeliveryKindFieldsProps {
  reference: DeliveryReference;
  values: DeliveryValues;
  set: <Key extends DeliveryField>(field: Key, value: DeliveryValues[Key]) => void;
  field: (name: DeliveryField) => { error: string | undefined; invalid: boolean; onBlur: () => void };
}

/** Pickup point and warehouse: an endpoint of that method, with its address. Courier and post: where to and to whom. */
export function DeliveryKindFields({ reference, values, set, field }: DeliveryKindFieldsProps) {
  const t = useT();
  if (needsEndpoint(values.kind)) {
    const endpoints = endpointsOf(reference, values.kind);
    const chosen = endpoints.find((endpoint) => String(endpoint.id) === values.endpointId);
    return (
      <SelectField
        controlClassName="od-select"
        label={t(`${S}.form.endpoint.${values.kind}`)}
        value={values.endpointId}
        onValueChange={(next) => set('endpointId', next)}
        emptyOption={t(`${S}.form.chooseEndpoint`)}
        options={endpoints.map((endpoint) => ({ value: String(endpoint.id), label: dictionaryName(endpoint) }))}
        hint={chosen ? chosen.address : endpoints.length === 0 ? t(`${S}.form.noEndpoints`) : undefined}
        {...field('endpointId')}
      />
    );
  }
  const russianPost = values.kind === 'russian_post';
  const text = (name: 'address' | 'recipientName' | 'recipientPhone') => ({
    name,
    value: values[name],
    onValueChange: (next: string) => set(name, next),
    ...field(name),
  });
  return (
    <>
      <TextField label={t(`${S}.form.address`)} autoComplete="street-address" {...text('address')} />
      <TextField
        label={t(russianPost ? `${S}.form.postalCode` : `${S}.form.postalCodeOptional`)}
        name="postalCode"
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={6}
        value={values.postalCode}
        onValueChange={(next) => set('postalCode', next.replace(/\D/g, '').slice(0, 6))}
        hint={t(`${S}.form.postalCodeHint`)}
        {...field('postalCode')}
      />
      <div className="od-form__row">
        <TextField label={t(`${S}.form.recipientName`)} autoComplete="off" {...text('recipientName')} />
        <PhoneField label={t(`${S}.form.recipientPhone`)} autoComplete="off" {...text('recipientPhone')} />
      </div>
    </>
  );
}
