import { beforeEach, vi } from 'vitest';

/** The viewer's time zone in the report tests: India, 5:30 ahead of UTC, so a time left in UTC (or in the machine's zone) shows. */
export const ZONE = 'Asia/Kolkata';

/** Before each test of the calling file, the browser reports `zone` as the viewer's time zone. */
export function viewInTimeZone(zone: string = ZONE) {
  beforeEach(() => {
    const options = Intl.DateTimeFormat().resolvedOptions();
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({ ...options, timeZone: zone });
  });
}
