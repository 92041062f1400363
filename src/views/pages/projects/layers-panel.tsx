import type { BoardAnalysis } from '../../../contract/board-files';
import { useT } from '../../../services/i18n';
import { howIdentified, layerColumns, layerName } from '../../components/board/layer-name';
import { fileErrorText } from '../../components/board/texts';
import { DataTable } from '../../components/ui/data-table';

/** The files of the current version in build order: what each was taken for, and which were left out and why. */
export function LayersPanel({ analysis }: { analysis: BoardAnalysis }) {
  const t = useT();
  const files = [...analysis.files].sort((a, b) => a.order - b.order);
  return (
    <section className="project-panel" aria-labelledby="project-layers-title">
      <h2 className="project-panel__title" id="project-layers-title">{t('wizard.layers.title')}</h2>
      <p className="project-panel__lead">{t('project.layers.archive', { name: analysis.archiveName, count: files.length })}</p>
      <DataTable className="project-layers" columns={[...layerColumns(t), t('project.layers.state')]} rows={files}>
        {(file) => (
          <tr key={file.id} className={file.error || file.hidden ? 'project-layers__row--off' : undefined}>
            <th scope="row" className="project-layers__file">{file.name}</th>
            <td>{layerName(t, file)}</td>
            <td>{howIdentified(t, file)}</td>
            <td>{file.error ? fileErrorText(t, file) : t(`project.layers.states.${file.hidden ? 'hidden' : 'used'}`)}</td>
          </tr>
        )}
      </DataTable>
    </section>
  );
}
