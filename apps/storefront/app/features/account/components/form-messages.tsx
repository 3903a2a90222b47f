import { type ReactNode, type RefObject, useEffect, useRef } from 'react';
import { useT } from '#app/lib/shop-data.ts';
import type { FormErrors } from '../hooks/use-form-errors.ts';

/**
 * The box above a form that says it was refused: always in the page (an alert region must exist
 * before its text arrives), focused when it holds the only messages.
 */
export function ErrorSummary<F extends string>({
  errors,
  summaryRef,
  children,
}: {
  errors: FormErrors<F>;
  summaryRef: RefObject<HTMLDivElement | null>;
  /** More to say under the messages (a link to what helps). */
  children?: ReactNode;
}) {
  const t = useT();
  const hasErrors = errors.form.length > 0 || Object.keys(errors.fields).length > 0;
  return (
    <div ref={summaryRef} tabIndex={-1} role="alert" className={hasErrors ? 'error-summary' : undefined}>
      {hasErrors ? (
        <>
          <p>
            <strong>{t('checkout.error.summary')}</strong>
          </p>
          {errors.form.length > 0 ? (
            <ul>
              {errors.form.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          ) : null}
          {children}
        </>
      ) : null}
    </div>
  );
}

/** A success message that takes the focus when it appears, so it is read out. */
export function SuccessNotice({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} role="status" className="notice is-success">
      {children}
    </div>
  );
}
