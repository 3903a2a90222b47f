import { type CSSProperties, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { bottomInsetStore } from '#app/lib/bottom-inset.ts';
import { useT } from '#app/lib/shop-data.ts';
import { useStore } from '#app/lib/store.ts';
import { dismissToast, type Toast, type ToastPart, toastStore } from '#app/lib/toasts.ts';
import { CloseIcon } from './icons.tsx';
import { useTopLayerHost } from './modal-dialog.tsx';

const noToasts: Toast[] = [];

/**
 * The toasts, bottom-right (SPEC §8). Both regions exist from hydration on, so what is added to them
 * is announced: danger toasts as alerts, others politely. While a modal dialog is open they render
 * inside it (the rest of the page is inert then).
 */
export function Toaster() {
  const toasts = useStore(toastStore, (state) => state, noToasts);
  const host = useTopLayerHost();
  // Above the cookie banner while it shows.
  const bottomInset = useStore(bottomInsetStore, (height) => height, 0);
  const [isMounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!isMounted) return null;
  const region = (
    <div
      className="toasts"
      style={bottomInset ? ({ '--cookie-banner-height': `${bottomInset}px` } as CSSProperties) : undefined}
    >
      <div role="alert" className="toast-stack">
        {toasts
          .filter((toast) => toast.tone === 'danger')
          .map((toast) => (
            <ToastView key={toast.id} toast={toast} />
          ))}
      </div>
      <div role="status" className="toast-stack">
        {toasts
          .filter((toast) => toast.tone !== 'danger')
          .map((toast) => (
            <ToastView key={toast.id} toast={toast} />
          ))}
      </div>
    </div>
  );
  return createPortal(region, host ?? document.body);
}

function ToastView({ toast }: { toast: Toast }) {
  const t = useT();
  const [isPaused, setPaused] = useState(false);
  const remaining = useRef(toast.durationMs);
  useEffect(() => {
    if (isPaused || !Number.isFinite(remaining.current)) return;
    const started = Date.now();
    const timer = setTimeout(() => dismissToast(toast.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - started;
    };
  }, [isPaused, toast.id]);
  // Pointing at or focusing a toast keeps it (WCAG 2.2.1: time limits can be extended).
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover and focus only pause the timer
    <div
      className={`toast is-${toast.tone}`}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      {toast.action ? (
        <div className="toast-text">
          <p style={{ margin: 0 }}>{toast.parts.map((part) => textOf(part, t)).join(' ')}</p>
          <button
            type="button"
            className="button secondary"
            style={{ marginTop: '0.5rem' }}
            onClick={toast.action.run}
          >
            {t(toast.action.key)}
          </button>
        </div>
      ) : (
        <p className="toast-text">{toast.parts.map((part) => textOf(part, t)).join(' ')}</p>
      )}
      <button
        type="button"
        className="toast-close"
        aria-label={t('layout.close')}
        onClick={() => dismissToast(toast.id)}
      >
        <CloseIcon />
      </button>
    </div>
  );
}

function textOf(part: ToastPart, t: ReturnType<typeof useT>): string {
  return 'text' in part ? part.text : t(part.key, part.values);
}
