import { AuthenticatorAppPanel } from '@/features/two-factor/components/authenticator-app-panel';
import { SettingsSection } from '@/features/settings/components/settings-section';

/** `/settings/two-factor`: any signed-in role (decision 035). */
export function SettingsTwoFactorRoute() {
  return (
    <SettingsSection
      title="Two-factor"
      description="A second step at sign-in: a code from an app on your phone, with recovery codes in case it is lost."
    >
      <AuthenticatorAppPanel />
    </SettingsSection>
  );
}
