import { DELIVERY_KINDS, type DeliveryKind, type DeliverySetting } from '../../../../contract/delivery-settings';
import { dictionaryName } from '../../../../services/dictionaries';
import { useT } from '../../../../services/i18n';
import type { DeliveryReference } from '../../../../services/ordering-data';
import { SelectField } from '../../../components/form/select-field';
import { CheckboxField, TextAreaField } from '../../../components/form/text-area-field';
import { TextField } from '../../../components/form/text-field';
import { useSaveDeliverySetting } from './api/ordering-data-mutations';
import { AreaForm } from './area-form';
import { DeliveryKindFields } from './delivery-kind-fields';
import { DELIVERY_FIELDS, deliveryBody, deliveryProblems, deliveryValues, type DeliveryField } from './delivery-model';
import { kindName } from './delivery-texts';
import { useFormState } from './use-form-state';

const S = 'account.delivery';

interface DeliveryFormProps {
  clientId: number;
  reference: DeliveryReference;
  item?: DeliverySetting | undefined;
  /** The client has no settings yet: the new one is proposed as the default. */
  isFirst: boolean;
  onDone: (saved: DeliverySetting) => void;
  onCancel: () => void;
}

/** A delivery setting; which fields it asks for follows the kind of delivery. */
export function DeliveryForm({ clientId, reference, item, isFirst, onDone, onCancel }: DeliveryFormProps) {
  const t = useT();
  const form = useFormState(deliveryValues(item, isFirst));
  const save = useSaveDeliverySetting(clientId, item);
  const { values } = form;
  const storedPhone = item?.recipientPhone ?? null;
  const problems = deliveryProblems(values, storedPhone);
  const field = (name: DeliveryField) => {
    const problem = problems[name];
    return form.field(name, problem ? t(`${S}.errors.${problem}`) : undefined);
  };
  const division = reference.divisions.find((candidate) => String(candidate.id) === values.divisionId);

  return (
    <AreaForm section={S} form={form} fields={DELIVERY_FIELDS} hasProblems={Object.keys(problems).length > 0}
      save={save} body={() => deliveryBody(values, storedPhone)} editing={item !== undefined} onDone={onDone} onCancel={onCancel}>
      <SelectField
        controlClassName="od-select"
        label={t(`${S}.form.kind`)}
        value={values.kind}
        onValueChange={(next) => {
          form.set('kind', next as DeliveryKind);
          // An endpoint belongs to one method: another kind starts without one.
          form.set('endpointId', '');
        }}
        options={DELIVERY_KINDS.map((kind) => ({ value: kind, label: kindName(reference, kind) }))}
        {...field('kind')}
      />
      <DeliveryKindFields reference={reference} values={values} set={form.set} field={field} />
      <SelectField
        controlClassName="od-select"
        label={t(`${S}.form.division`)}
        value={values.divisionId}
        onValueChange={(next) => form.set('divisionId', next)}
        emptyOption={t(`${S}.form.anyDivision`)}
        options={reference.divisions.map((item) => ({ value: String(item.id), label: dictionaryName(item) }))}
        hint={division ? division.address : t(`${S}.form.divisionHint`)}
        {...field('divisionId')}
      />
      <TextField
        label={t(`${S}.form.name`)}
        hint={t(`${S}.form.nameHint`)}
        name="name"
        autoComplete="off"
        value={values.name}
        onValueChange={(next) => form.set('name', next)}
        {...field('name')}
      />
      <TextAreaField
        controlClassName="od-textarea"
        label={t(`${S}.form.comment`)}
        value={values.comment}
        onValueChange={(next) => form.set('comment', next)}
        {...field('comment')}
      />
      <CheckboxField label={t(`${S}.form.isDefault`)} checked={values.isDefault} onCheckedChange={(next) => form.set('isDefault', next)} />
    </AreaForm>
  );
}
