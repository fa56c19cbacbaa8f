import { t } from '@lingui/core/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { text } from '@portal/contracts/fields';
import { issuerField, SSO_MSG, SSO_ROLES, type SsoSettings, ssoDomainField } from '@portal/contracts/sso';
import { useId, useState } from 'react';
import { Controller, useForm, type UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { ChoiceSelect } from '@/components/ui/choice-select';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { SubmitButton } from '@/components/ui/submit-button';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { useTestSso, useUpdateSsoSettings } from '../api/sso-settings';

const NONE = 'none';
const ROLE_OPTIONS = SSO_ROLES.map((role) => ({ value: role, label: role }));

/** The domains as typed: separated by commas, spaces or lines. */
const splitDomains = (typed: string) =>
  typed
    .split(/[\s,;]+/)
    .map((domain) => domain.trim().toLowerCase())
    .filter(Boolean);

const formSchema = z
  .object({
    issuer: issuerField,
    clientId: text().trim().min(1, 'Client ID is required').max(500),
    clientSecret: text().max(1000),
    domains: text().max(20_000),
    defaultRole: z.enum(SSO_ROLES),
    enforced: z.boolean(),
    breakGlassAccountId: z.string(),
  })
  .superRefine((values, context) => {
    const domains = splitDomains(values.domains);
    if (domains.length === 0) context.addIssue({ code: 'custom', path: ['domains'], message: SSO_MSG.domainsRequired });
    const wrong = domains.find((domain) => !ssoDomainField.safeParse(domain).success);
    if (wrong) context.addIssue({ code: 'custom', path: ['domains'], message: SSO_MSG.domainInvalid(wrong) });
    if (values.enforced && values.breakGlassAccountId === NONE) {
      context.addIssue({ code: 'custom', path: ['breakGlassAccountId'], message: SSO_MSG.breakGlassRequired });
    }
  });
type FormValues = z.infer<typeof formSchema>;

const valuesOf = (settings: SsoSettings): FormValues => ({
  issuer: settings.issuer,
  clientId: settings.clientId,
  clientSecret: '',
  domains: settings.domains.join('\n'),
  defaultRole: settings.defaultRole,
  enforced: settings.enforced,
  breakGlassAccountId: settings.breakGlassAccountId ?? NONE,
});

const FIELDS = ['issuer', 'clientId', 'clientSecret', 'domains', 'breakGlassAccountId'] as const;

/**
 * Settings → Single sign-on (decision 038): the organisation's OpenID Connect provider, the email
 * domains it owns, the role of people created at their first sign-in, and enforcement with its
 * break-glass Admin. The client secret is write-only.
 */
export function SsoSettingsForm({ settings }: { settings: SsoSettings }) {
  const update = useUpdateSsoSettings();
  const form = useForm<FormValues>({ resolver: zodResolver(formSchema), values: valuesOf(settings) });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync({
        issuer: values.issuer,
        clientId: values.clientId,
        ...(values.clientSecret ? { clientSecret: values.clientSecret } : {}),
        domains: splitDomains(values.domains),
        defaultRole: values.defaultRole,
        enforced: values.enforced,
        breakGlassAccountId: values.breakGlassAccountId === NONE ? null : values.breakGlassAccountId,
      });
    } catch (failure) {
      if (!(failure instanceof ApiError)) return;
      for (const { field, message } of failure.fieldErrors) {
        const name = FIELDS.find((known) => field === known || field.startsWith(`${known}.`));
        if (name) form.setError(name, { type: 'server', message });
      }
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-6">
      <FormField
        label={t`Issuer URL`}
        error={errors.issuer?.message}
        description={t`The provider's address; the portal reads its /.well-known/openid-configuration.`}
      >
        <Input type="url" placeholder="https://login.example.com" {...form.register('issuer')} />
      </FormField>
      <TestConnection issuer={() => form.getValues('issuer')} />
      <FormField label={t`Client ID`} error={errors.clientId?.message}>
        <Input autoComplete="off" {...form.register('clientId')} />
      </FormField>
      <FormField
        label={t`Client secret`}
        error={errors.clientSecret?.message}
        description={
          settings.hasClientSecret ? t`Saved — leave empty to keep.` : t`Stored encrypted; never shown again.`
        }
      >
        <Input type="password" autoComplete="new-password" {...form.register('clientSecret')} />
      </FormField>
      <FormField
        label={t`Redirect URI`}
        description={t`Register this address at your provider as the application's redirect URI.`}
      >
        <Input readOnly value={settings.redirectUri} />
      </FormField>
      <FormField
        label={t`Email domains`}
        error={errors.domains?.message}
        description={t`One per line or separated by commas. A domain belongs to one organisation only.`}
      >
        <Textarea rows={3} placeholder="example.com" {...form.register('domains')} />
      </FormField>
      <AccessFields form={form} settings={settings} />
      <div>
        <SubmitButton busy={isSubmitting} busyText={t`Saving...`}>
          {t`Save`}
        </SubmitButton>
      </div>
    </form>
  );
}

/** Who is created at a first sign-in, and whether passwords are refused (with the break-glass Admin). */
function AccessFields({ form, settings }: { form: UseFormReturn<FormValues>; settings: SsoSettings }) {
  const enforcedId = useId();
  const { errors } = form.formState;
  const adminOptions = [
    { value: NONE, label: t`No break-glass account` },
    ...settings.admins.map((admin) => ({ value: admin.id, label: `${admin.name} (${admin.email})` })),
  ];
  return (
    <>
      <Controller
        control={form.control}
        name="defaultRole"
        render={({ field }) => (
          <FormField label={t`Role of people created at their first sign-in`} error={errors.defaultRole?.message}>
            <ChoiceSelect value={field.value} onChange={field.onChange} onBlur={field.onBlur} options={ROLE_OPTIONS} />
          </FormField>
        )}
      />
      <Controller
        control={form.control}
        name="enforced"
        render={({ field }) => (
          <div className="grid gap-1">
            <div className="flex items-center gap-2">
              <Checkbox
                id={enforcedId}
                checked={field.value}
                onCheckedChange={(checked) => field.onChange(checked === true)}
                onBlur={field.onBlur}
                aria-describedby={`${enforcedId}-description`}
              />
              <Label htmlFor={enforcedId}>{t`Enforce single sign-on`}</Label>
            </div>
            <p id={`${enforcedId}-description`} className="text-sm text-muted-foreground">
              {t`Accounts of these domains can no longer sign in with a password. The break-glass Admin keeps its password and second factor.`}
            </p>
          </div>
        )}
      />
      <Controller
        control={form.control}
        name="breakGlassAccountId"
        render={({ field }) => (
          <FormField label={t`Break-glass Admin`} error={errors.breakGlassAccountId?.message}>
            <ChoiceSelect value={field.value} onChange={field.onChange} onBlur={field.onBlur} options={adminOptions} />
          </FormField>
        )}
      />
    </>
  );
}

/** "Test connection": runs the issuer's discovery on the server and says what came of it. */
function TestConnection({ issuer }: { issuer: () => string }) {
  const test = useTestSso();
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string; details: string[] }>();

  async function run() {
    setOutcome(undefined);
    try {
      const { data } = await test.mutateAsync(issuer().trim());
      const issuerUrl = data.issuer ?? '';
      const authorization = data.authorizationEndpoint ?? '';
      setOutcome({
        ok: data.ok,
        message: data.message,
        details: data.ok ? [t`Issuer: ${issuerUrl}`, t`Authorization: ${authorization}`] : [],
      });
    } catch (failure) {
      setOutcome({
        ok: false,
        message: failure instanceof ApiError ? failure.message : t`The test could not run.`,
        details: [],
      });
    }
  }

  return (
    <div className="grid gap-2">
      <div>
        <Button type="button" variant="outline" disabled={test.isPending} onClick={() => void run()}>
          {t`Test connection`}
        </Button>
      </div>
      <div role="status" aria-live="polite" className="text-sm">
        {outcome && (
          <div className={outcome.ok ? 'text-foreground' : 'text-destructive'}>
            <p className="font-medium">{outcome.message}</p>
            {outcome.details.map((line) => (
              <p key={line} className="break-all text-muted-foreground">
                {line}
              </p>
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
