import type { ProjectParams } from '../../../contract/board';
import { useT } from '../../../services/i18n';
import { paramGroups, type ParamRow } from '../../components/board/param-rows';

/**
 * Everything that makes the price, in words and with units, grouped; panel, stencil and assembly when the project
 * has them (the rows are `paramGroups`, which an engineer's correction on the order page compares too).
 */
export function ParametersPanel({ params }: { params: ProjectParams }) {
  const t = useT();
  return (
    <section className="project-panel" aria-labelledby="project-params-title">
      <h2 className="project-panel__title" id="project-params-title">{t('project.params.title')}</h2>
      {paramGroups(t, params).map((group) => (
        <ParamGroup key={group.code} title={t(`project.params.groups.${group.code}`)} rows={group.rows} />
      ))}
    </section>
  );
}

function ParamGroup({ title, rows }: { title: string; rows: ParamRow[] }) {
  return (
    <div className="project-params__group">
      <h3 className="project-params__group-title">{title}</h3>
      <dl className="project-params">
        {rows.map((row) => (
          <div key={row.key} className="project-params__row">
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
