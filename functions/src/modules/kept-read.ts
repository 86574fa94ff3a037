/**
 * A shop setting as an instance keeps it (the brand, the mails' templates): read again once
 * `maxAgeMs` old, as long as the CDN keeps a page; a save on this instance is kept at once.
 */
export interface KeptRead<T> {
  get(): Promise<T>;
  /** What this instance just saved: seen at once, here. */
  keep(value: T): void;
}

export function keptRead<T>(
  read: () => Promise<T>,
  maxAgeMs: number,
  clock: () => Date,
): KeptRead<T> {
  let kept: { value: Promise<T>; at: number } | undefined;
  return {
    get() {
      const now = clock().getTime();
      if (!kept || now - kept.at > maxAgeMs) {
        const value = read();
        const entry = { value, at: now };
        kept = entry;
        // A failed read is not kept: the next asks again.
        value.catch(() => {
          if (kept === entry) kept = undefined;
        });
      }
      return kept.value;
    },
    keep(value) {
      kept = { value: Promise.resolve(value), at: clock().getTime() };
    },
  };
}
