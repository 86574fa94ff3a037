/**
 * A tab opened before a deploy asks for code chunks the deploy removed; Hosting answers 404
 * (docs/decisions/015-hosting-headers-and-stale-chunks.md) and Vite reports the failed import as
 * `vite:preloadError`. Reloading fetches the new index.html, which names the new chunks. At most
 * one reload a minute, remembered across the reload in sessionStorage, so a chunk that is missing
 * for good shows the error page instead of reloading forever.
 */
export const STALE_CHUNK_RELOAD_KEY = 'sprocket.staleChunkReloadAt';
const ONE_RELOAD_PER_MS = 60_000;

/** The parts of `window` this needs, so tests can hand in their own. */
export interface ReloadTarget {
  addEventListener(type: 'vite:preloadError', listener: (event: Event) => void): void;
  sessionStorage: Pick<Storage, 'getItem' | 'setItem'>;
  location: Pick<Location, 'reload'>;
}

export function reloadOnStaleChunk(target: ReloadTarget = window, now = () => Date.now()): void {
  target.addEventListener('vite:preloadError', (event) => {
    try {
      const last = Number(target.sessionStorage.getItem(STALE_CHUNK_RELOAD_KEY));
      if (last > 0 && now() - last < ONE_RELOAD_PER_MS) return;
      target.sessionStorage.setItem(STALE_CHUNK_RELOAD_KEY, String(now()));
    } catch {
      // Without storage a reload could not be counted, and might repeat: let the error show.
      return;
    }
    event.preventDefault();
    target.location.reload();
  });
}
