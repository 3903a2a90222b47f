import { type ComponentType, lazy, useState } from 'react';

/**
 * A lazily loaded component whose code can be fetched ahead (`preload`, e.g. while the user types, or
 * `load` awaited before hydrating a page the server rendered with it) and which, once fetched, renders
 * at once. React's `lazy` alone suspends on its first render even when the
 * module is already there, and React then holds the revealed content back for up to 300 ms (its
 * fallback throttle): on the desk that was a third of the scan-to-answer time (bench/desk-scan.bench.ts).
 */
export function preloadable<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): { Component: ComponentType<Props>; preload(): void; load(): Promise<void> } {
  let loaded: ComponentType<Props> | null = null;
  let loading: Promise<ComponentType<Props>> | null = null;
  // React keeps a lazy component's failure for good: after one, the next mount gets a fresh one, so a
  // download that failed (the network dropped) is tried again.
  const makeLazy = () => lazy(() => fetchOnce().then((component) => ({ default: component })));
  let Lazy = makeLazy();
  const fetchOnce = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        loading = null;
        Lazy = makeLazy();
        throw error;
      },
    );
    return loading;
  };
  function Component(props: Props) {
    // Chosen once per mount: switching from Lazy to the loaded component later would remount it (a
    // form's typed values lost).
    const [Chosen] = useState<ComponentType<Props>>(() => loaded ?? Lazy);
    return <Chosen {...props} />;
  }
  // `load` settles either way: a failed download leaves the component to load (and retry) as it mounts.
  const settled = () =>
    fetchOnce().then(
      () => undefined,
      () => undefined,
    );
  return { Component, preload: () => void settled(), load: settled };
}
