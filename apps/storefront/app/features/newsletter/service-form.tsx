import { type ReactNode, useEffect, useRef } from 'react';
import type { ApiFailure } from '#app/lib/orders/error-catalogue.ts';

/**
 * Pieces the visitors' service forms share (newsletter, wish form): the SPEC's "try later" case and a
 * message that takes the focus when it appears, so that it is read out and keyboard users start there.
 */

/** No answer, or the server failed (5xx): nothing the visitor typed is wrong, so "try again later". */
export function isTryLater(failure: ApiFailure): boolean {
  return failure.kind === 'network' || failure.problem.status >= 500;
}

export function FocusedNotice({
  tone,
  children,
}: {
  tone: 'success' | 'danger' | 'info';
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role={tone === 'danger' ? 'alert' : 'status'}
      className={tone === 'info' ? 'notice' : `notice is-${tone}`}
    >
      {children}
    </div>
  );
}
