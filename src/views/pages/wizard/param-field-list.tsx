import type { ReactElement, ReactNode } from 'react';
import { formatMm } from '../../../services/format';
import { useT } from '../../../services/i18n';
import { ParamNumber, ParamSelect } from './param-fields';

type Translate = ReturnType<typeof useT>;
type Label = (t: Translate) => string;

interface FieldContext<P> {
  values: P;
  set: (patch: Partial<P>) => void;
  /** The parameters' part in the problems' paths ('board' for 'board.layers'); empty for the order's own ('quantity'). */
  section: string;
  t: Translate;
}

/** One parameter as its field: its label, and its limits or its choices; a section's fields are a list of these. */
export type ParamField<P> = (context: FieldContext<P>) => ReactElement;

const pathOf = (section: string, name: string) => (section ? `${section}.${name}` : name);

function patchOf<K extends string, V>(name: K, value: V): Partial<Record<K, V>> {
  const patch: Partial<Record<K, V>> = {};
  patch[name] = value;
  return patch;
}

/** A number within the factory's limits, in millimetres or counted. */
export function numberField<K extends string>(
  name: K, label: Label, limits: { min: number; max: number }, unit: 'mm' | 'count',
): ParamField<Record<K, number>> {
  return ({ values, set, section, t }) => (
    <ParamNumber
      key={name} label={label(t)} field={pathOf(section, name)} value={values[name]} min={limits.min} max={limits.max} unit={unit}
      onChange={(value) => set(patchOf(name, value))}
    />
  );
}

/** A choice from one of the contract's option lists. */
export function selectField<K extends string, V extends string | number>(
  name: K, label: Label, options: readonly V[], optionLabel: (t: Translate, option: V) => string,
): ParamField<Record<K, V>> {
  return ({ values, set, section, t }) => (
    <ParamSelect
      key={name} label={label(t)} field={pathOf(section, name)} value={values[name]} options={options}
      optionLabel={(option) => optionLabel(t, option)} onChange={(value) => set(patchOf(name, value))}
    />
  );
}

/** A thickness as the options show it ('1,6 мм'). */
export const mmOption = (t: Translate, value: number) => t('wizard.units.mmValue', { value: formatMm(value) });

interface ListProps<P> extends Omit<FieldContext<P>, 't'> {
  fields: readonly ParamField<P>[];
}

/** A section's fields in their order, each reading its value and sending its change. */
export function ParamFieldList<P>({ fields, values, set, section }: ListProps<P>) {
  const t = useT();
  return <>{fields.map((field) => field({ values, set, section, t }))}</>;
}

interface GroupProps<P> extends ListProps<P> {
  title: string;
  /** What comes before the fields (the assembly's files). */
  before?: ReactNode;
  /** The drawing beside the fields (the panel, the stencil). */
  preview?: ReactNode;
  /** Fields after the list's own (a checkbox). */
  children?: ReactNode;
}

/** A product's own parameters as one group of fields under its title, drawn beside them where it has a preview. */
export function ParamGroup<P>({ title, before, preview, children, ...list }: GroupProps<P>) {
  const fields = (
    <div className="wizard-fields">
      <ParamFieldList {...list} />
      {children}
    </div>
  );
  return (
    <fieldset className="wizard-group">
      <legend className="wizard-group__title">{title}</legend>
      {before}
      {preview ? <div className="wizard-group__body">{fields}{preview}</div> : fields}
    </fieldset>
  );
}
