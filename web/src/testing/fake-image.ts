import { vi } from 'vitest';

/**
 * jsdom never loads an image (no load or error event fires), so a form that checks an image
 * address loads would wait for ever. This stand-in answers at once: the addresses in `broken`
 * fail, every other loads. The addresses it was asked for are in `requested`.
 */
export function stubImageLoading(broken: readonly string[] = []) {
  const requested: string[] = [];
  class FakeImage {
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    set src(address: string) {
      requested.push(address);
      queueMicrotask(() => (broken.includes(address) ? this.onerror?.() : this.onload?.()));
    }
  }
  vi.stubGlobal('Image', FakeImage);
  return requested;
}
