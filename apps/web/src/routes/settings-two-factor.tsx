import { t } from '@lingui/core/macro';
import { AuthenticatorAppPanel } from '@/features/two-factor/components/authenticator-app-panel';
import { PasskeysSection } from '@/features/two-factor/components/passkeys-panel';
import { SettingsSection } from '@/features/settings/components/settings-section';

/** `/settings/two-factor`: any signed-in role (decisions 035, 037). */
export function SettingsTwoFactorRoute() {
  return (
    <SettingsSection
      title={t`Two-factor`}
      description={t`A second step at sign-in: a passkey, or a code from an app on your phone, with recovery codes in case it is lost.`}
    >
      <div className="grid gap-8">
        <AuthenticatorAppPanel />
        <PasskeysSection />
      </div>
    </SettingsSection>
  );
}
