import type { ReactNode } from 'react';

/** A column heading: its text, a class (a number or money column), hidden from sight where the column holds buttons. */
export interface TableColumn {
  label: string;
  className?: string;
  hidden?: boolean;
}

interface DataTableProps<Row> {
  className: string;
  /** Names the table for screen readers; visually hidden unless a class is given. */
  caption?: string;
  captionClassName?: string;
  columns: ReadonlyArray<TableColumn | string>;
  rows: readonly Row[];
  /** One row's `<tr>`, keyed. */
  children: (row: Row, index: number) => ReactNode;
  /** The `<tfoot>` rows: a total. */
  footer?: ReactNode;
}

/** The portal's one table markup: a header row of column headings, a row a record, an optional footer. */
export function DataTable<Row>({ className, caption, captionClassName = 'visually-hidden', columns, rows, children, footer }: DataTableProps<Row>) {
  return (
    <table className={className}>
      {caption ? <caption className={captionClassName}>{caption}</caption> : null}
      <thead>
        <tr>
          {columns.map((column) => {
            const { label, className: columnClass, hidden } = typeof column === 'string' ? { label: column } : column;
            return (
              <th key={label} scope="col" className={columnClass}>
                {hidden ? <span className="visually-hidden">{label}</span> : label}
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>{rows.map((row, index) => children(row, index))}</tbody>
      {footer ? <tfoot>{footer}</tfoot> : null}
    </table>
  );
}
