import type { CatalogueImport } from '@shop/contracts/admin-catalogue';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Button, Form } from 'react-aria-components';
import { Link } from 'react-router';
import { useCatalogueImportTexts } from '../../i18n/catalogue-import-texts.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { useAnnounce } from '../../ui/live-region.tsx';
import { PageHeading } from '../../ui/page-heading.tsx';
import { ProblemMessage } from '../../ui/problem-message.tsx';
import {
  catalogueImportQuery,
  useApplyCatalogueImport,
  useCheckCatalogueFile,
} from './api/catalogue-transfer.ts';
import { CatalogueNav } from './catalogue-nav.tsx';

/**
 * /admin/catalogue/import: a CSV file (the export's columns) checked first (a dry run lists every change
 * and every error), then imported; the server's job does the work, the screen follows its progress.
 */
export function CatalogueImportScreen() {
  const texts = useCatalogueImportTexts().import;
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [missing, setMissing] = useState(false);
  const [importId, setImportId] = useState<number | null>(null);
  const check = useCheckCatalogueFile();
  const apply = useApplyCatalogueImport();
  return (
    <div className="stack">
      <PageHeading>{texts.title}</PageHeading>
      <CatalogueNav />
      <p>
        <Link to="/catalogue/offers">{texts.back}</Link>
      </p>
      <ul>
        {texts.explanation.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <Form
        className="stack"
        onSubmit={async (event) => {
          event.preventDefault();
          if (!file) {
            setMissing(true);
            return;
          }
          if (check.isPending) return;
          setMissing(false);
          apply.reset();
          const content = await file.text();
          check.mutate({ name: file.name, content }, { onSuccess: (started) => setImportId(started.id) });
        }}
      >
        <div className="field">
          <label htmlFor={`${id}-file`}>{texts.file}</label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".csv,text/csv"
            aria-invalid={missing || undefined}
            aria-describedby={missing ? `${id}-missing` : undefined}
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setImportId(null);
              check.reset();
            }}
          />
          {missing ? (
            <p id={`${id}-missing`} className="field-error">
              {texts.noFile}
            </p>
          ) : null}
        </div>
        <div>
          <Button type="submit" className="button primary">
            {texts.check}
          </Button>
        </div>
      </Form>
      <ProblemMessage error={check.error} />
      {importId !== null ? (
        <ImportProgress
          key={importId}
          importId={importId}
          onApply={() => apply.mutate(importId, { onSuccess: (started) => setImportId(started.id) })}
        />
      ) : null}
      <ProblemMessage error={apply.error} />
    </div>
  );
}

function ImportProgress({ importId, onApply }: { importId: number; onApply(): void }) {
  const texts = useCatalogueImportTexts().import;
  const found = useQuery(catalogueImportQuery(importId));
  const queryClient = useQueryClient();
  const announce = useAnnounce();
  const announced = useRef(false);
  const current = found.data;
  const finished = current?.status === 'done' || current?.status === 'failed';
  useEffect(() => {
    if (!current || !finished || announced.current) return;
    announced.current = true;
    if (current.applied) {
      announce(texts.imported);
      void queryClient.invalidateQueries({ queryKey: ['catalogue', 'offers'] });
    } else announce(`${texts.status[current.status]}: ${texts.errors(current.errorCount)}`);
  }, [current, finished, announce, texts, queryClient]);
  if (found.error) return <ProblemMessage error={found.error} />;
  if (!current) return null;
  return (
    <section className="stack" aria-labelledby={`import-${importId}`} data-testid="catalogue-import">
      <h2 id={`import-${importId}`}>
        {current.fileName}: {texts.status[current.status]}
      </h2>
      {!finished ? (
        <div className="field">
          <label htmlFor={`import-${importId}-progress`}>{texts.progress}</label>
          <progress
            id={`import-${importId}-progress`}
            max={current.rowsTotal ?? undefined}
            value={current.rowsTotal === null ? undefined : current.rowsDone}
          />
          <span>{texts.rows(current.rowsDone, current.rowsTotal)}</span>
        </div>
      ) : null}
      {finished ? <ImportOutcome found={current} onApply={onApply} /> : null}
    </section>
  );
}

function ImportOutcome({ found, onApply }: { found: CatalogueImport; onApply(): void }) {
  const texts = useCatalogueImportTexts().import;
  if (found.errorCount > 0 || found.status === 'failed') {
    return (
      <div className="stack">
        <h3 data-testid="import-error-count">{texts.errors(found.errorCount)}</h3>
        {found.errors.length > 0 ? (
          <>
            <DataTable
              caption={texts.errors(found.errorCount)}
              head={[texts.line, texts.column, texts.message]}
              numeric={[0]}
              rows={found.errors.map((error) => [String(error.line), error.column ?? '', error.message])}
            />
          </>
        ) : null}
      </div>
    );
  }
  const summary = found.summary;
  return (
    <div className="stack">
      {found.applied ? (
        <p className="success" data-testid="import-applied">
          {texts.imported}
        </p>
      ) : null}
      {summary ? (
        <>
          <h3>{texts.summary}</h3>
          <dl className="summary-list">
            <dt>{texts.offersCreated}</dt>
            <dd>{summary.offersCreated}</dd>
            <dt>{texts.offersChanged}</dt>
            <dd>{summary.offersChanged}</dd>
            <dt>{texts.variantsCreated}</dt>
            <dd>{summary.variantsCreated}</dd>
            <dt>{texts.variantsChanged}</dt>
            <dd>{summary.variantsChanged}</dd>
            <dt>{texts.unchanged}</dt>
            <dd>{summary.unchanged}</dd>
          </dl>
        </>
      ) : null}
      {found.changes.length > 0 ? (
        <>
          <DataTable
            caption={texts.changes}
            head={[texts.line, texts.kind, texts.offer, texts.fields]}
            numeric={[0]}
            rows={found.changes.map((change) => [
              String(change.line),
              texts.kinds[change.kind],
              change.offer,
              <ul key="fields" className="plain-list">
                {change.fields.map((field) => (
                  <li key={field.column}>
                    {field.column}: {field.before ?? '—'} → {field.after}
                  </li>
                ))}
              </ul>,
            ])}
          />
        </>
      ) : null}
      {!found.applied && found.dryRun ? (
        <div>
          <Button className="button primary" onPress={onApply}>
            {texts.apply}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
