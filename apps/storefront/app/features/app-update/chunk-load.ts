import { showToast } from '#app/lib/toasts.ts';
import { chunkLoadTimeoutMs } from './app-update-settings.ts';

/** A code chunk that did not arrive: the network failed, or a deploy removed the old build's files. */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

/** The browsers' own words for a failed `import()` (Chromium, Firefox, Safari) and Vite's preload error. */
const failedImport =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Failed to load module script/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof ChunkLoadError || (error instanceof Error && failedImport.test(error.message));
}

let isShown = false;

/**
 * Tells the visitor that part of the page is missing, with a button that reloads it: after a deploy a
 * reload fetches the new build's chunks (the page names them), so once is enough. Shown once per page.
 */
export function showChunkLoadFailure(): void {
  if (isShown) return;
  isShown = true;
  showToast({
    tone: 'danger',
    parts: [{ key: 'app.chunkFailed' }],
    // It stays until the visitor acts: the page is not whole without that chunk.
    durationMs: Number.POSITIVE_INFINITY,
    action: { key: 'app.reload', run: () => window.location.reload() },
  });
}

/**
 * `load()` (a dynamic import), failed after SPEC §9's 120 s instead of hanging for good. A failure or
 * a time-out shows the reload message and rejects, so that a `lazy()` part lands in its error boundary.
 */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs = chunkLoadTimeoutMs): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      showChunkLoadFailure();
      reject(new ChunkLoadError(`a code chunk took longer than ${timeoutMs} ms`));
    }, timeoutMs);
    load().then(
      (loaded) => {
        clearTimeout(timer);
        resolve(loaded);
      },
      (error: unknown) => {
        clearTimeout(timer);
        showChunkLoadFailure();
        reject(error);
      },
    );
  });
}
