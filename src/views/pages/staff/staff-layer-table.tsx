import type { BoardFile } from '../../../contract/board-files';
import { useT } from '../../../services/i18n';
import { howIdentified, layerName } from '../../components/board/layer-name';
import { fileErrorText } from '../../components/board/texts';

/** The board's files in build order, as the wizard's layer table names them; staff read them, not change them. */
export function StaffLayerTable({ files }: { files: readonly BoardFile[] }) {
  const t = useT();
  return (
    <table className="wizard-layers staff-layers">
      <caption className="visually-hidden">{t('wizard.layers.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('wizard.layers.columns.file')}</th>
          <th scope="col">{t('wizard.layers.columns.type')}</th>
          <th scope="col">{t('wizard.layers.columns.identifiedBy')}</th>
        </tr>
      </thead>
      <tbody>
        {files.map((file) => (
          <tr key={file.id} className={file.hidden ? 'staff-muted' : undefined}>
            <th scope="row">{file.name}</th>
            <td>{layerName(t, file)}</td>
            <td>{file.error ? fileErrorText(t, file) : howIdentified(t, file)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
