import { t } from '@lingui/core/macro';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useSsoSettings } from '../api/sso-settings';
import { SsoSettingsForm } from './sso-settings-form';

/** The settings once loaded; a child Admin is told that only the top Admin manages them. */
export function SsoSettingsPanel() {
  const { data, error, isPending } = useSsoSettings();
  if (isPending) return <Spinner />;
  if (error || !data) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {error instanceof ApiError ? error.message : t`Single sign-on could not be loaded.`}
      </p>
    );
  }
  return <SsoSettingsForm settings={data} />;
}
