/**
 * What global-setup.ts hands the journeys: the runner starts its workers after global set-up, so
 * they inherit these variables.
 */
function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the journeys through e2e/playwright.config.ts`);
  return value;
}

export const portalURL = () => required('E2E_BASE_URL');
/** Where the SMTP receiver writes each message the portal sends, as JSON. */
export const mailDir = () => required('E2E_MAIL_DIR');
