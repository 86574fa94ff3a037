/**
 * Built on first use, not when the module loads: the first Intl formatter a page makes costs
 * 15–30 ms of the main thread, and the storefront's pages that import this may never format a time.
 */
let formats: { timeOfDay: Intl.DateTimeFormat; dayAndTime: Intl.DateTimeFormat } | undefined;
function timeFormats() {
  formats ??= {
    timeOfDay: new Intl.DateTimeFormat(undefined, { timeStyle: 'short' }),
    dayAndTime: new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
  };
  return formats;
}

/**
 * A deadline in the reader's own clock and words: the time alone when it falls today ("14:35",
 * "2:35 PM"), with the date otherwise.
 */
export function formatDeadline(iso: string, now: Date): string {
  const deadline = new Date(iso);
  const { timeOfDay, dayAndTime } = timeFormats();
  return deadline.toDateString() === now.toDateString()
    ? timeOfDay.format(deadline)
    : dayAndTime.format(deadline);
}

/** When something happened, with the date: "23 Nov 2026, 14:35" in the reader's own words. */
export const formatDateTime = (iso: string): string =>
  timeFormats().dayAndTime.format(new Date(iso));

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * The day something happened on a page the server renders: "23 Nov 2026", the day in UTC. The
 * same text on the server and in every browser, so hydration keeps the server's text (a time in
 * the reader's zone would differ from the server's and make React render the page again).
 */
export function formatDay(iso: string): string {
  const day = new Date(iso);
  return `${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]} ${day.getUTCFullYear()}`;
}
