/** "2025-11-30" → "November 30, 2025", read as a calendar date (no time zone shift). */
export function formatDeadline(isoDate: string): string {
  const [year = 0, month = 1, day = 1] = isoDate.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day)).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** Whether verification is (or soon will be) required of someone with this status. */
export function isRequired(status: string): boolean {
  return status === 'verify' || status === 'reverify';
}
