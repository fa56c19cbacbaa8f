import { ROUTES } from '@portal/contracts/routes';
import { acceptEula, apiAs } from './api';
import { firstLink, mailCount, waitForMail } from './mail';
import { type Account, unique } from './provision';

/**
 * A customer organisation of its own: the SuperAdmin issues a lot to a new address, which becomes
 * an Admin at the top of a new tree; it confirms its address, signs in with the mailed one-time
 * password, chooses `password` and accepts the EULA, all through the API. For journeys that change
 * what an organisation decides for everyone in it (its MFA policy), so that the demo organisation
 * the other journeys sign in to is left as it is.
 */
export async function provisionOrganisation(baseURL: string, who: string, password: string): Promise<Account> {
  const customer = unique(who);
  await acceptEula(baseURL, 'superadmin@example.com');
  const superAdmin = await apiAs(baseURL, 'superadmin@example.com');
  const before = mailCount();
  const issued = await superAdmin(ROUTES.createLicense, {
    productCode: 'MBX',
    licenseTypeName: 'Standard',
    durationType: 'Perpetual',
    usageType: 'NodeLockedForever',
    customerEmail: customer.email,
    customerName: customer.name,
    startDate: new Date().toISOString(),
    totalCount: 5,
  });
  if (issued.status !== 200)
    throw new Error(`create-license ${customer.email}: ${issued.status} ${issued.body.message}`);
  await superAdmin(ROUTES.logout);

  const link = firstLink(await waitForMail(customer.email, /Confirm your email address/, before), /confirm-email/);
  const confirmed = await fetch(`${baseURL}/api${ROUTES.confirmEmail.path}`, {
    method: ROUTES.confirmEmail.method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: link.searchParams.get('token') }),
  });
  if (!confirmed.ok) throw new Error(`confirm-email ${customer.email}: ${confirmed.status}`);
  const credentials = await waitForMail(customer.email, /Your sign-in details/, before);
  const oneTime = /One-time password: (\S+)/.exec(credentials.text)?.[1];
  if (!oneTime) throw new Error(`no one-time password in:\n${credentials.text}`);

  const first = await apiAs(baseURL, customer.email, oneTime);
  const changed = await first(ROUTES.changePassword, {
    oldPassword: oneTime,
    newPassword: password,
    confirmPassword: password,
  });
  if (changed.status !== 200)
    throw new Error(`change-password ${customer.email}: ${changed.status} ${changed.body.message}`);
  const admin = await apiAs(baseURL, customer.email, password);
  await admin(ROUTES.acceptEula);
  await admin(ROUTES.logout);
  return { email: customer.email, password };
}
