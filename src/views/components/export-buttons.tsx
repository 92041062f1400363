import { EXPORT_FORMATS, type ExportFormat } from '../../contract/exports';
import { Button } from './ui/button';

/** What the buttons say: the group's name, and each format's text and full label. */
export interface ExportTexts { group: string; csv: string; csvLabel: string; xlsx: string; xlsxLabel: string }

/** 'CSV' and 'XLSX' of a list, as one labelled group. */
export function ExportButtons({ className, texts, onExport }: { className: string; texts: ExportTexts; onExport: (format: ExportFormat) => void }) {
  return (
    <div className={className} role="group" aria-label={texts.group}>
      {EXPORT_FORMATS.map((format) => (
        <Button key={format} variant="secondary" onClick={() => onExport(format)} aria-label={format === 'csv' ? texts.csvLabel : texts.xlsxLabel}>
          {format === 'csv' ? texts.csv : texts.xlsx}
        </Button>
      ))}
    </div>
  );
}
