import { useSyncExternalStore } from 'react';

/**
 * A tiny external store for client state shared across the page (cart, toasts, pending requests):
 * React reads it through useSyncExternalStore, code outside React through `get()`.
 */
export type Store<T> = {
  get(): T;
  set(next: T | ((previous: T) => T)): void;
  subscribe(listener: () => void): () => void;
};

export function createStore<T>(initial: T): Store<T> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set(next) {
      const value = typeof next === 'function' ? (next as (previous: T) => T)(state) : next;
      if (Object.is(value, state)) return;
      state = value;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * A slice of a store. The server render and the hydrating render see `serverValue` (the server knows
 * no browser storage), so the markup matches; the real value follows right after hydration.
 * `select` must return a primitive or a reference kept in the state (no new objects per call).
 */
export function useStore<T, S>(store: Store<T>, select: (state: T) => S, serverValue: S): S {
  return useSyncExternalStore(
    store.subscribe,
    () => select(store.get()),
    () => serverValue,
  );
}
