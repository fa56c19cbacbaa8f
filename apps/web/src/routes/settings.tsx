import { t } from '@lingui/core/macro';
import { PAGES } from '@portal/contracts/pages';
import { canOpenPage } from '@portal/contracts/permissions';
import { Outlet } from 'react-router';
import { SingleKeyShortcutsToggle } from '@/components/single-key-shortcuts-toggle';
import { Spinner } from '@/components/ui/spinner';
import { i18n } from '@/lib/i18n';
import { useMe } from '@/features/auth/api/get-me';
import { ChangePasswordForm } from '@/features/auth/components/change-password-form';
import { useAlertSettings } from '@/features/settings/api/alert-settings';
import { AlertSettingsForm } from '@/features/settings/components/alert-settings-form';
import { ProfileForm } from '@/features/settings/components/profile-form';
import { SettingsNav } from '@/features/settings/components/settings-nav';
import { SettingsSection } from '@/features/settings/components/settings-section';
import { LanguageForm } from '@/features/auth/components/language-form';
import { TimeZoneForm } from '@/features/auth/components/time-zone-form';

/** What the sections the roles may open hold: 'Your profile, your password and your API keys.' */
function settingsSummary(roles: readonly string[]): string {
  const parts = [t`your profile`, t`your password`, t`your second factors`];
  if (canOpenPage(roles, PAGES.alertSettings)) parts.push(t`your alert emails`);
  if (canOpenPage(roles, PAGES.apiKeys)) parts.push(t`your API keys`);
  if (canOpenPage(roles, PAGES.webhooks)) parts.push(t`your webhooks`);
  if (canOpenPage(roles, PAGES.webhooks)) parts.push(t`your organisation's MFA policy`);
  // "a, b and c" as the interface's language joins a list (decision 052).
  const text = `${new Intl.ListFormat(i18n.locale, { type: 'conjunction' }).format(parts)}.`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** `/settings` (docs/product.md): any signed-in role; Profile at the root, then Change Password. */
export function SettingsRoute() {
  const { data: user } = useMe();
  return (
    <div className="mx-auto grid max-w-5xl gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{t`Settings`}</h1>
        <p className="text-muted-foreground">{settingsSummary(user?.roles ?? [])}</p>
      </div>
      <div className="grid gap-6 lg:grid-cols-[12rem_minmax(0,1fr)] lg:gap-10">
        <SettingsNav roles={user?.roles ?? []} />
        <Outlet />
      </div>
    </div>
  );
}

export function SettingsProfileRoute() {
  // The signed-in layout renders pages only once the user is loaded.
  const { data: user } = useMe();
  if (!user) return null;
  return (
    <SettingsSection title={t`Profile`} description={t`How you appear in the portal.`}>
      <ProfileForm user={user} />
      <div className="grid gap-3">
        <h3 className="font-medium">{t`Keyboard shortcuts`}</h3>
        <SingleKeyShortcutsToggle />
      </div>
      <div className="grid gap-3">
        <h3 className="font-medium">{t`Language`}</h3>
        <LanguageForm locale={user.locale} />
      </div>
      <div className="grid gap-3">
        <h3 className="font-medium">{t`Time zone`}</h3>
        <TimeZoneForm timeZone={user.timeZone} />
      </div>
    </SettingsSection>
  );
}

export function SettingsChangePasswordRoute() {
  return (
    <SettingsSection
      title="Change Password"
      description="Choose a new password. Your other signed-in sessions end when it changes."
    >
      <ChangePasswordForm />
    </SettingsSection>
  );
}

/** `/settings/alerts`: Admins only (PAGE_ROLES, checked by the signed-in layout). */
export function SettingsAlertsRoute() {
  const { data: settings, isPending, isError } = useAlertSettings();
  return (
    <SettingsSection
      title="Alerts"
      description="A daily email tells you which licenses of your pools expire soon and which products run low."
    >
      {settings ? (
        <AlertSettingsForm settings={settings} />
      ) : isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner /> Loading alert settings...
        </p>
      ) : isError ? (
        <p className="text-sm text-destructive">The alert settings could not be loaded.</p>
      ) : null}
    </SettingsSection>
  );
}
