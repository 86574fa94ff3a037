const timeOfDay = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });
const dayAndTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * A deadline in the reader's own clock and words: the time alone when it falls today ("14:35",
 * "2:35 PM"), with the date otherwise.
 */
export function formatDeadline(iso: string, now: Date): string {
  const deadline = new Date(iso);
  return deadline.toDateString() === now.toDateString()
    ? timeOfDay.format(deadline)
    : dayAndTime.format(deadline);
}

/** When something happened, with the date: "23 Nov 2026, 14:35" in the reader's own words. */
export const formatDateTime = (iso: string): string => dayAndTime.format(new Date(iso));
