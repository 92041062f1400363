import { useId } from 'react';
import { LIMITS, type MountingParams } from '../../../contract/board';
import type { BomSummary } from '../../../contract/projects';
import { useT } from '../../../services/i18n';
import { numberField, ParamGroup, selectField, type ParamField } from './param-field-list';
import { WizardActor, useWizardSend } from './wizard-actor';

const BOM_ACCEPT = '.csv,.txt,.xlsx';
const SIDES = [1, 2] as const;
const COUNT = LIMITS.components;

const COUNT_FIELDS: readonly ParamField<MountingParams>[] = [
  numberField('components', (t) => t('wizard.fields.components'), COUNT, 'count'),
  numberField('uniqueParts', (t) => t('wizard.fields.uniqueParts'), COUNT, 'count'),
  numberField('smd', (t) => t('wizard.fields.smd'), COUNT, 'count'),
  numberField('tht', (t) => t('wizard.fields.tht'), COUNT, 'count'),
  selectField('sides', (t) => t('wizard.fields.mountingSides'), SIDES, (t, value) => t(`wizard.options.mountingSides.${value}`)),
];

/** Assembly: the BOM and the pick-and-place file are read into the counts, which stay editable. */
export function MountingFields() {
  const t = useT();
  const send = useWizardSend();
  const mounting = WizardActor.useSelector((snapshot) => snapshot.context.params.mounting);
  if (!mounting) return null;
  const files = (
    <div className="wizard-bom">
      <BomInput kind="bom" />
      <BomInput kind="pnp" />
    </div>
  );
  return (
    <ParamGroup
      title={t('wizard.parameters.mountingTitle')} before={files}
      section="mounting" fields={COUNT_FIELDS} values={mounting} set={(patch) => send({ type: 'wizard.setMounting', patch })}
    />
  );
}

function BomInput({ kind }: { kind: BomSummary['kind'] }) {
  const t = useT();
  const id = useId();
  const send = useWizardSend();
  const reading = WizardActor.useSelector((snapshot) => snapshot.matches({ parameters: 'readingBom' }));
  const summary = WizardActor.useSelector((snapshot) => (kind === 'bom' ? snapshot.context.bom : snapshot.context.pnp));
  return (
    <div className="wizard-bom__file">
      <label className="field__label" htmlFor={id}>{t(`wizard.parameters.${kind}.label`)}</label>
      <input
        id={id}
        type="file"
        accept={BOM_ACCEPT}
        disabled={reading}
        aria-describedby={`${id}-summary`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) send({ type: 'wizard.pickBom', kind, fileName: file.name, item: file });
          event.target.value = '';
        }}
      />
      <p className="wizard-bom__summary" id={`${id}-summary`} role="status">
        {reading ? t('wizard.parameters.bom.reading') : summary ? <BomSummaryText summary={summary} /> : t(`wizard.parameters.${kind}.hint`)}
      </p>
    </div>
  );
}

function BomSummaryText({ summary }: { summary: BomSummary }) {
  const t = useT();
  const { mounting } = summary;
  return (
    <>
      {t('wizard.parameters.bom.summary', {
        rows: summary.rows,
        components: mounting.components,
        unique: mounting.uniqueParts,
        smd: mounting.smd,
        tht: mounting.tht,
        sides: t(`wizard.options.mountingSides.${mounting.sides}`),
      })}
      {summary.columns.length > 0 ? (
        <span className="wizard-bom__columns">{t('wizard.parameters.bom.columns', { columns: summary.columns.join(', ') })}</span>
      ) : null}
      {summary.skippedLines.length > 0 ? (
        <span className="wizard-bom__skipped">{t('wizard.parameters.bom.skipped', { lines: summary.skippedLines.join(', ') })}</span>
      ) : null}
    </>
  );
}
