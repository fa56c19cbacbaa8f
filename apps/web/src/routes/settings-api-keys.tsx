import { t } from '@lingui/core/macro';
import { ApiKeysIntro } from '@/features/api-keys/components/api-keys-intro';
import { ApiKeysPanel } from '@/features/api-keys/components/api-keys-panel';
import { useMe } from '@/features/auth/api/get-me';
import { SettingsSection } from '@/features/settings/components/settings-section';

/**
 * `/settings/api-keys`: Admins and Users (PAGE_ROLES, checked by the signed-in layout). An Admin's
 * list also holds the keys of the accounts in its scope. A chunk of its own: the other settings
 * pages do not load the table and dialogs.
 */
export function SettingsApiKeysRoute() {
  const { data: user } = useMe();
  const isAdmin = user?.roles.includes('Admin') ?? false;
  return (
    <SettingsSection title={t`API keys`} description={<ApiKeysIntro isAdmin={isAdmin} />} wide>
      <ApiKeysPanel isAdmin={isAdmin} />
    </SettingsSection>
  );
}
