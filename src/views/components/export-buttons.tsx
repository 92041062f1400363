import { EXPORT_FORMATS, type ExportFormat } from '../../contract/exports';
import { useT } from '../../services/i18n';
import { useFileDownload } from './api/download-file';
import { Button } from './ui/button';

interface ExportButtonsProps {
  className: string;
  /** Where the list's export texts are: the group's name, each format's text and label, the file's name, the failure. */
  exportTexts: 'orders.list' | 'invoices.list';
  /** The file of what the list shows (its tab, filters, search and sort) in a format. */
  urlOf: (format: ExportFormat) => string;
}

/** 'CSV' and 'XLSX' of a list, as one labelled group; each saves the file fetched with the session's token. */
export function ExportButtons({ className, exportTexts, urlOf }: ExportButtonsProps) {
  const t = useT();
  const { download } = useFileDownload();
  const save = (format: ExportFormat) => download({
    url: urlOf(format),
    fileName: `${t(`${exportTexts}.exportFile`)}.${format}`,
    failedText: t(`${exportTexts}.exportFailed`),
  });
  return (
    <div className={className} role="group" aria-label={t(`${exportTexts}.exportLabel`)}>
      {EXPORT_FORMATS.map((format) => (
        <Button
          key={format}
          variant="secondary"
          onClick={() => save(format)}
          aria-label={t(format === 'csv' ? `${exportTexts}.exportCsvLabel` : `${exportTexts}.exportXlsxLabel`)}
        >
          {t(format === 'csv' ? `${exportTexts}.exportCsv` : `${exportTexts}.exportXlsx`)}
        </Button>
      ))}
    </div>
  );
}
