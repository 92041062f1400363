import { useId } from 'react';
import { LIMITS, type MountingParams } from '../../../contract/board';
import type { BomSummary } from '../../../contract/projects';
import { useT } from '../../../services/i18n';
import { ParamNumber, ParamSelect } from './param-fields';
import { WizardActor, useWizardSend } from './wizard-actor';

const BOM_ACCEPT = '.csv,.txt,.xlsx';
const SIDES = [1, 2] as const;

/** Assembly: the BOM and the pick-and-place file are read into the counts, which stay editable. */
export function MountingFields() {
  const t = useT();
  const send = useWizardSend();
  const mounting = WizardActor.useSelector((snapshot) => snapshot.context.params.mounting);
  if (!mounting) return null;
  const set = (patch: Partial<MountingParams>) => send({ type: 'wizard.setMounting', patch });
  const count = LIMITS.components;
  return (
    <fieldset className="wizard-group">
      <legend className="wizard-group__title">{t('wizard.parameters.mountingTitle')}</legend>
      <div className="wizard-bom">
        <BomInput kind="bom" />
        <BomInput kind="pnp" />
      </div>
      <div className="wizard-fields">
        <ParamNumber
          label={t('wizard.fields.components')}
          field="mounting.components"
          value={mounting.components}
          min={count.min}
          max={count.max}
          unit="count"
          onChange={(components) => set({ components })}
        />
        <ParamNumber
          label={t('wizard.fields.uniqueParts')}
          field="mounting.uniqueParts"
          value={mounting.uniqueParts}
          min={count.min}
          max={count.max}
          unit="count"
          onChange={(uniqueParts) => set({ uniqueParts })}
        />
        <ParamNumber
          label={t('wizard.fields.smd')}
          field="mounting.smd"
          value={mounting.smd}
          min={count.min}
          max={count.max}
          unit="count"
          onChange={(smd) => set({ smd })}
        />
        <ParamNumber
          label={t('wizard.fields.tht')}
          field="mounting.tht"
          value={mounting.tht}
          min={count.min}
          max={count.max}
          unit="count"
          onChange={(tht) => set({ tht })}
        />
        <ParamSelect
          label={t('wizard.fields.mountingSides')}
          field="mounting.sides"
          value={mounting.sides}
          options={SIDES}
          optionLabel={(value) => t(`wizard.options.mountingSides.${value}`)}
          onChange={(sides) => set({ sides })}
        />
      </div>
    </fieldset>
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
