import { t } from '@lingui/core/macro';
import { Spinner } from '@/components/ui/spinner';
import { useMfaPolicy } from '@/features/mfa-policy/api/mfa-policy';
import { MfaPolicyForm } from '@/features/mfa-policy/components/mfa-policy-form';
import { SettingsSection } from '@/features/settings/components/settings-section';

/** `/settings/mfa-policy`: Admins only (PAGE_ROLES); decision 036. */
export function SettingsMfaPolicyRoute() {
  const { data: status, isPending, isError } = useMfaPolicy();
  return (
    <SettingsSection
      title={t`MFA policy`}
      description={t`Whether the people of your organisation must use a second factor at sign-in, and which kind.`}
    >
      {status ? (
        <MfaPolicyForm status={status} />
      ) : isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner /> {t`Loading the MFA policy...`}
        </p>
      ) : isError ? (
        <p className="text-sm text-destructive">{t`The MFA policy could not be loaded.`}</p>
      ) : null}
    </SettingsSection>
  );
}
