import { t } from '@lingui/core/macro';
import { SettingsSection } from '@/features/settings/components/settings-section';
import { SsoSettingsPanel } from '@/features/sso/components/sso-settings-panel';

/**
 * `/settings/single-sign-on`: Admins (PAGE_ROLES, checked by the signed-in layout); the server
 * answers only the Admin at the top of the organisation (decision 038). A chunk of its own.
 */
export function SettingsSingleSignOnRoute() {
  return (
    <SettingsSection
      title={t`Single sign-on`}
      description={t`Your people sign in through your identity provider (OpenID Connect) with their work email.`}
    >
      <SsoSettingsPanel />
    </SettingsSection>
  );
}
