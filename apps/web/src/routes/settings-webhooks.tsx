import { t } from '@lingui/core/macro';
import { SettingsSection } from '@/features/settings/components/settings-section';
import { WebhooksIntro } from '@/features/webhooks/components/webhooks-intro';
import { WebhooksPanel } from '@/features/webhooks/components/webhooks-panel';

/**
 * `/settings/webhooks`: Admins only (PAGE_ROLES, checked by the signed-in layout). A chunk of its
 * own: the other settings pages do not load the cards and dialogs.
 */
export function SettingsWebhooksRoute() {
  return (
    <SettingsSection title={t`Webhooks`} description={<WebhooksIntro />} wide>
      <WebhooksPanel />
    </SettingsSection>
  );
}
