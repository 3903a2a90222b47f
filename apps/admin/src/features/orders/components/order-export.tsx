import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { useI18n } from '../../../i18n/i18n-context.tsx';
import { ProblemMessage } from '../../../ui/problem-message.tsx';
import { orderExportQuery, useRequestExport } from '../api/order-export.ts';
import type { OrderSearchState } from '../search-state.ts';

/**
 * "Export as CSV" for what the list shows: the file is written by a job on the server; its progress is
 * shown (and announced) here until the download link appears.
 */
export function OrderExport({ search }: { search: OrderSearchState }) {
  const { t } = useI18n();
  const request = useRequestExport();
  const [exportId, setExportId] = useState<number | null>(null);
  const progress = useQuery({ ...orderExportQuery(exportId ?? 0), enabled: exportId !== null });
  const current = progress.data;
  return (
    <div className="order-export">
      <Button
        className="button"
        onPress={() => {
          if (request.isPending) return;
          request.mutate(search, { onSuccess: (created) => setExportId(created.id) });
        }}
      >
        {t.orders.export.start}
      </Button>
      <ProblemMessage error={request.error ?? progress.error} />
      {exportId !== null && current && current.status !== 'done' && current.status !== 'failed' ? (
        <span className="export-progress">
          <label htmlFor="export-progress">
            {t.orders.export.running(current.rowsDone, current.rowsTotal)}
          </label>{' '}
          <progress id="export-progress" max={current.rowsTotal ?? undefined} value={current.rowsDone} />
        </span>
      ) : null}
      {/* Only the outcome is announced, not every step of the progress. */}
      <div role="status">
        {exportId !== null && current?.status === 'done' && current.fileUrl ? (
          <a href={current.fileUrl} download>
            {t.orders.export.download(current.rowsDone)}
          </a>
        ) : null}
        {exportId !== null && current?.status === 'failed' ? (
          <p className="problem-title">{t.orders.export.failed}</p>
        ) : null}
      </div>
    </div>
  );
}
