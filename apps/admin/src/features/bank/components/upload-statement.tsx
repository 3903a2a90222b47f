import { type FormEvent, useId, useRef, useState } from 'react';
import { Button } from 'react-aria-components';
import { useNavigate } from 'react-router';
import { useI18n } from '../../../i18n/i18n-context.tsx';
import { ProblemMessage } from '../../../ui/problem-message.tsx';
import { useUploadStatement } from '../api/upload-statement.ts';
import { formatFileSize } from '../bank-forms.ts';

/**
 * Upload a camt.053 file: a labelled native file input (keyboard, the system's file picker) and a
 * button. While the file is sent the form says which and how large; once the API has it, the
 * statement's page follows its import (queued, importing, done with counts and entries).
 */
export function UploadStatement() {
  const { t, locale } = useI18n();
  const navigate = useNavigate();
  const upload = useUploadStatement();
  const input = useRef<HTMLInputElement>(null);
  const [sending, setSending] = useState<File | null>(null);
  const [isMissing, setIsMissing] = useState(false);
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (upload.isPending) return;
    const file = input.current?.files?.[0];
    if (!file) {
      setIsMissing(true);
      input.current?.focus();
      return;
    }
    setIsMissing(false);
    setSending(file);
    upload.mutate(file, {
      // Its page takes the focus on its heading (the file's name); its status is a live region.
      onSuccess: (statement) => navigate(`/bank/${statement.id}`),
      onSettled: () => setSending(null),
    });
  };

  return (
    <section aria-labelledby="upload-title" className="card">
      <h2 id="upload-title">{t.bank.upload}</h2>
      <form className="stack upload-form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={inputId}>{t.bank.file}</label>
          <input
            ref={input}
            id={inputId}
            name="statement"
            type="file"
            accept=".xml,application/xml,text/xml"
            required
            aria-invalid={isMissing || undefined}
            aria-describedby={isMissing ? `${hintId} ${errorId}` : hintId}
            onChange={() => {
              setIsMissing(false);
              upload.reset();
            }}
          />
          <span id={hintId} slot="description">
            {t.bank.fileHint}
          </span>
          {isMissing ? (
            <span id={errorId} slot="errorMessage">
              {t.bank.chooseFile}
            </span>
          ) : null}
        </div>
        <ProblemMessage error={upload.error} />
        <p role="status" className="upload-progress">
          {sending ? t.bank.sending(sending.name, formatFileSize(sending.size, locale)) : ''}
        </p>
        <div>
          <Button type="submit" className="button primary">
            {t.bank.uploadConfirm}
          </Button>
        </div>
      </form>
    </section>
  );
}
