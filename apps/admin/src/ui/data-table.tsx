import type { ReactNode } from 'react';

/** A plain table of rows (no sorting, no paging): column heads, cells, right-aligned numeric columns. */
export function DataTable({
  caption,
  head,
  rows,
  numeric = [],
}: {
  /** Names the table for screen readers where no heading right above it does. */
  caption?: string;
  head: string[];
  rows: (ReactNode[] & { key?: never })[];
  numeric?: number[];
}) {
  return (
    <div className="table-scroll">
      <table className="grid">
        {caption ? <caption className="visually-hidden">{caption}</caption> : null}
        <thead>
          <tr>
            {head.map((label, index) => (
              <th key={label} scope="col" className={numeric.includes(index) ? 'numeric' : undefined}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((cells, row) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows of one answer, never reordered.
            <tr key={row}>
              {cells.map((cell, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed.
                <td key={index} className={numeric.includes(index) ? 'numeric' : undefined}>
                  {cell ?? '–'}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
