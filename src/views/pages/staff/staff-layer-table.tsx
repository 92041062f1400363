import type { BoardFile } from '../../../contract/board-files';
import { useT } from '../../../services/i18n';
import { howIdentified, layerColumns, layerName } from '../../components/board/layer-name';
import { fileErrorText } from '../../components/board/texts';
import { DataTable } from '../../components/ui/data-table';

/** The board's files in build order, as the wizard's layer table names them; staff read them, not change them. */
export function StaffLayerTable({ files }: { files: readonly BoardFile[] }) {
  const t = useT();
  return (
    <DataTable className="wizard-layers staff-layers" caption={t('wizard.layers.caption')} columns={layerColumns(t)} rows={files}>
      {(file) => (
        <tr key={file.id} className={file.hidden ? 'staff-muted' : undefined}>
          <th scope="row">{file.name}</th>
          <td>{layerName(t, file)}</td>
          <td>{file.error ? fileErrorText(t, file) : howIdentified(t, file)}</td>
        </tr>
      )}
    </DataTable>
  );
}
