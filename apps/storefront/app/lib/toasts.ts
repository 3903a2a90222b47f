import type { MessageKey } from '#app/i18n/de.ts';
import { createStore } from './store.ts';

/** One sentence of a toast: a UI string (translated when shown) or a text the server already localised. */
export type ToastPart = { key: MessageKey; values?: Record<string, string | number> } | { text: string };

export type Toast = {
  id: number;
  tone: 'danger' | 'success';
  parts: ToastPart[];
  /** Shown this long (paused while pointed at or focused), then removed; Infinity: until closed. */
  durationMs: number;
  /** A button in the toast ("Reload now"); such a toast usually stays until it is used or closed. */
  action?: { key: MessageKey; run: () => void };
};

/** SPEC §8: toasts sit bottom-right; the order-adjusted one stays 5000 ms, errors as long. */
export const defaultToastMs = 5000;

export const toastStore = createStore<Toast[]>([]);
let nextId = 1;

export function showToast(toast: Omit<Toast, 'id' | 'durationMs'> & { durationMs?: number }): number {
  const id = nextId++;
  const entry: Toast = { id, durationMs: defaultToastMs, ...toast };
  // The same message twice in a row (a double click on a failing button) shows once.
  const same = (other: Toast) => JSON.stringify(other.parts) === JSON.stringify(entry.parts);
  toastStore.set((toasts) => [...toasts.filter((other) => !same(other)), entry]);
  return id;
}

export function dismissToast(id: number): void {
  toastStore.set((toasts) => toasts.filter((toast) => toast.id !== id));
}
