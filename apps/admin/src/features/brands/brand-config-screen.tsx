import type { BrandConfigState, BrandConfigVersion } from '@shop/contracts/admin-brands';
import { brandConfigSchema } from '@shop/contracts/brand-config';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Button } from 'react-aria-components';
import { Link, useParams } from 'react-router';
import { type BrandTexts, fieldLabel, useBrandTexts } from '../../i18n/brand-texts.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { ApiProblem } from '../../lib/api-client.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { DataTable } from '../../ui/data-table.tsx';
import { useAnnounce } from '../../ui/live-region.tsx';
import { PageHeading } from '../../ui/page-heading.tsx';
import { ProblemMessage } from '../../ui/problem-message.tsx';
import { Section } from '../../ui/section.tsx';
import {
  brandConfigQuery,
  brandConfigVersionsQuery,
  useRestoreBrandConfig,
  useSaveBrandConfig,
} from './api/brand-config.ts';
import { type Path, SchemaForm, setAt } from './schema-form.tsx';

/** A dotted path as the member reads it: each key's label ("Hero-Text › Deutsch › Titel"). */
const pathLabel = (texts: BrandTexts, dotted: string) => {
  const path: Path = dotted.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
  return path.map((_, index) => fieldLabel(texts, path.slice(0, index + 1))).join(' › ');
};

/**
 * /admin/brands/:short: the brand's configuration as a form generated from its contract, saved as a new
 * version (the server checks it; its errors are shown at the fields), and the versions with the fields
 * each changed, any of them brought back in one confirmed step.
 */
export function BrandConfigScreen() {
  const { t } = useI18n();
  const texts = useBrandTexts();
  const short = useParams().short ?? '';
  const state = useQuery(brandConfigQuery(short));
  return (
    <div className="stack">
      <PageHeading>{texts.configTitle(state.data?.brand.name ?? short)}</PageHeading>
      <p>
        <Link to="/brands">{texts.back}</Link>
      </p>
      <ProblemMessage error={state.error} />
      {state.data ? (
        <>
          {/* Keyed by version: a restore elsewhere starts the form again from what is now current. */}
          <ConfigForm key={state.data.version} short={short} state={state.data} />
          <Versions short={short} current={state.data.version} />
        </>
      ) : state.isPending ? (
        <p role="status">{t.app.loading}</p>
      ) : null}
    </div>
  );
}

function ConfigForm({ short, state }: { short: string; state: BrandConfigState }) {
  const { dateTime } = useI18n();
  const texts = useBrandTexts();
  const announce = useAnnounce();
  const save = useSaveBrandConfig(short);
  const [draft, setDraft] = useState<Record<string, unknown>>(state.config);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Map<string, string>>(new Map());
  const [problem, setProblem] = useState<unknown>(null);
  const summary = useRef<HTMLDivElement>(null);

  const submit = async () => {
    if (save.isPending) return;
    setProblem(null);
    try {
      const saved = await save.mutateAsync({
        config: draft as BrandConfigState['config'],
        expectedVersion: state.version,
        ...(note.trim() ? { note: note.trim() } : {}),
      });
      setErrors(new Map());
      announce(texts.saved(saved.version));
    } catch (error) {
      const fields =
        error instanceof ApiProblem
          ? new Map(error.errors.map((entry) => [entry.field.replace(/^config\./, ''), entry.message]))
          : new Map<string, string>();
      setErrors(fields);
      setProblem(error);
      // The list of what to fix takes focus, so that a screen reader starts there.
      requestAnimationFrame(() => summary.current?.focus());
    }
  };

  const isConflict = problem instanceof ApiProblem && problem.is('edit-conflict');
  return (
    <Section id="brand-config-fields" title={texts.formTitle}>
      <p>
        {state.staffEmail && state.savedAt
          ? texts.savedBy(state.version, dateTime(state.savedAt), state.staffEmail)
          : state.version === 0
            ? texts.fromFile
            : `${texts.versionColumns.version} ${state.version}`}
      </p>
      <form
        className="stack"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <div ref={summary} tabIndex={-1} className="form-summary">
          {errors.size > 0 ? (
            <div className="problem" role="alert">
              <p className="problem-title">{texts.invalid}</p>
              <ul>
                {[...errors].map(([field, message]) => (
                  <li key={field}>
                    <a href={`#field-${field.replaceAll('.', '-')}`}>{pathLabel(texts, field)}</a>: {message}
                  </li>
                ))}
              </ul>
            </div>
          ) : isConflict ? (
            <div className="problem" role="alert">
              <p className="problem-title">{texts.conflict}</p>
              <button type="button" className="button" onClick={() => window.location.reload()}>
                {texts.reload}
              </button>
            </div>
          ) : (
            <ProblemMessage error={problem} />
          )}
        </div>
        <SchemaForm
          schema={brandConfigSchema}
          value={draft}
          texts={texts}
          errors={errors}
          onChange={(path, value) =>
            setDraft((current) => setAt(current, path, value) as Record<string, unknown>)
          }
        />
        <div className="field">
          <label htmlFor="brand-config-note">{texts.note}</label>
          <input
            id="brand-config-note"
            type="text"
            maxLength={500}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        </div>
        <div className="action-row">
          <button type="submit" className="button primary" aria-disabled={save.isPending}>
            {save.isPending ? texts.saving : texts.save}
          </button>
        </div>
      </form>
    </Section>
  );
}

function Versions({ short, current }: { short: string; current: number }) {
  const { t, dateTime } = useI18n();
  const texts = useBrandTexts();
  const versions = useQuery(brandConfigVersionsQuery(short));
  return (
    <Section id="brand-config-versions" title={texts.versionsTitle}>
      <ProblemMessage error={versions.error} />
      {versions.data ? (
        <DataTable
          caption={texts.versionsTitle}
          head={[
            texts.versionColumns.version,
            texts.versionColumns.at,
            texts.versionColumns.who,
            texts.versionColumns.changed,
            texts.versionColumns.note,
            texts.versionColumns.actions,
          ]}
          rows={versions.data.versions.map((version) => [
            version.version === current ? `${version.version} (${texts.current})` : String(version.version),
            version.at ? dateTime(version.at) : null,
            version.staffEmail ?? texts.theFile,
            <ChangedFields key="changed" version={version} />,
            [version.restoredFrom === null ? null : texts.restoredFrom(version.restoredFrom), version.note]
              .filter(Boolean)
              .join(' – ') || null,
            version.version === current ? null : (
              <RestoreVersion key="restore" short={short} version={version.version} />
            ),
          ])}
        />
      ) : versions.isPending ? (
        <p role="status">{t.app.loading}</p>
      ) : null}
    </Section>
  );
}

function ChangedFields({ version }: { version: BrandConfigVersion }) {
  const texts = useBrandTexts();
  if (version.changed.length === 0) return <>{texts.nothingChanged}</>;
  return (
    <ul className="changed-fields">
      {version.changed.map((path) => (
        <li key={path}>
          {pathLabel(texts, path)} <code>{path}</code>
        </li>
      ))}
    </ul>
  );
}

function RestoreVersion({ short, version }: { short: string; version: number }) {
  const texts = useBrandTexts();
  const announce = useAnnounce();
  const restore = useRestoreBrandConfig(short);
  return (
    <ConfirmDialog
      trigger={
        <>
          {texts.restore}
          <span className="visually-hidden"> {texts.restoreFor(version)}</span>
        </>
      }
      title={texts.restoreTitle(version)}
    >
      {(close) => (
        <div className="stack">
          <p>{texts.restoreIntro}</p>
          <ProblemMessage error={restore.error} />
          <div className="dialog-buttons">
            <Button className="button" onPress={close}>
              {texts.cancel}
            </Button>
            <Button
              className="button primary"
              onPress={async () => {
                if (restore.isPending) return;
                const restored = await restore.mutateAsync(version).catch(() => null);
                if (!restored) return;
                close();
                announce(texts.restored(restored.version));
              }}
            >
              {texts.restoreConfirm}
            </Button>
          </div>
        </div>
      )}
    </ConfirmDialog>
  );
}
