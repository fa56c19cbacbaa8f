/** The demo accounts' password in every test, and the instant every test clock starts at. */
export const DEMO_PASSWORD = 'correct-horse-battery-staple';
export const TEST_EPOCH = new Date('2026-11-21T09:00:00.000Z');
