import { useEffect, useState } from 'react';

/**
 * The current time, renewed every `everyMs`, for screens that show what a deadline still allows
 * (an unpaid order can be paid until its hold runs out).
 */
export function useNow(everyMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
