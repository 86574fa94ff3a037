import { describe, expect, it, vi } from 'vitest';
import {
  reloadOnStaleChunk,
  STALE_CHUNK_RELOAD_KEY,
  type ReloadTarget,
} from './reload-on-stale-chunk.js';

/** A window whose storage survives "reloads", as sessionStorage does in one tab. */
function tab(storage: Map<string, string> = new Map()) {
  const events = new EventTarget();
  const reload = vi.fn();
  const target: ReloadTarget = {
    addEventListener: (type, listener) => events.addEventListener(type, listener),
    sessionStorage: {
      getItem: (key) => storage.get(key) ?? null,
      setItem: (key, value) => void storage.set(key, value),
    },
    location: { reload },
  };
  const failChunk = () => {
    const event = new Event('vite:preloadError', { cancelable: true });
    events.dispatchEvent(event);
    return event;
  };
  return { target, reload, failChunk, storage };
}

describe('reloadOnStaleChunk', () => {
  it('reloads once when a chunk of the previous deploy is gone', () => {
    const { target, reload, failChunk, storage } = tab();
    reloadOnStaleChunk(target, () => 1_000_000);
    const event = failChunk();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(event.defaultPrevented).toBe(true);
    expect(storage.get(STALE_CHUNK_RELOAD_KEY)).toBe('1000000');
  });

  it('lets the error show when the chunk is still missing right after the reload', () => {
    const first = tab();
    reloadOnStaleChunk(first.target, () => 1_000_000);
    first.failChunk();

    const afterReload = tab(first.storage);
    reloadOnStaleChunk(afterReload.target, () => 1_005_000);
    const event = afterReload.failChunk();
    expect(afterReload.reload).not.toHaveBeenCalled();
    expect(event.defaultPrevented).toBe(false);
  });

  it('reloads again for a later deploy', () => {
    const first = tab();
    reloadOnStaleChunk(first.target, () => 1_000_000);
    first.failChunk();

    const later = tab(first.storage);
    reloadOnStaleChunk(later.target, () => 1_000_000 + 3_600_000);
    later.failChunk();
    expect(later.reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload when the tab has no storage to count reloads in', () => {
    const { target, reload, failChunk } = tab();
    target.sessionStorage.getItem = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    reloadOnStaleChunk(target);
    expect(failChunk().defaultPrevented).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
