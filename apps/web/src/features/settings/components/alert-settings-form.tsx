import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AlertSettings,
  EXPIRY_WINDOW_MAX_DAYS,
  EXPIRY_WINDOW_MIN_DAYS,
  THRESHOLD_MAX,
  type UpdateAlertSettings,
  updateAlertSettingsSchema,
} from '@portal/contracts/alerts';
import { useId } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { ApiError } from '@/lib/api-client';
import { useUpdateAlertSettings } from '../api/alert-settings';

const valuesOf = (settings: AlertSettings): UpdateAlertSettings => ({
  expiryWindowDays: settings.expiryWindowDays,
  thresholds: settings.thresholds.map(({ productCode, threshold }) => ({ productCode, threshold })),
});

/**
 * Settings → Alerts (decision 027): how many days ahead the daily mail announces an expiring lot,
 * and a low-stock threshold per product of the catalogue (0: no alert). Saved all at once.
 */
export function AlertSettingsForm({ settings }: { settings: AlertSettings }) {
  const thresholdsId = useId();
  const update = useUpdateAlertSettings();
  const form = useForm<UpdateAlertSettings>({
    resolver: zodResolver(updateAlertSettingsSchema),
    // Follows the saved settings: after a save, the form shows what the server kept.
    values: valuesOf(settings),
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
    } catch (failure) {
      if (!(failure instanceof ApiError)) return;
      for (const { field, message } of failure.fieldErrors) {
        if (field === 'expiryWindowDays' || field.startsWith('thresholds.')) {
          form.setError(field as Path<UpdateAlertSettings>, { type: 'server', message });
        }
      }
    }
  });

  const number = { valueAsNumber: true } as const;
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-6">
      <FormField
        label="Expiry window (days)"
        error={errors.expiryWindowDays?.message}
        description={
          settings.expiryWindowIsDefault
            ? `Lots of your pools that expire within this many days are listed in the daily alert mail. This is the portal's default until you save your own.`
            : 'Lots of your pools that expire within this many days are listed in the daily alert mail.'
        }
      >
        <Input
          type="number"
          inputMode="numeric"
          min={EXPIRY_WINDOW_MIN_DAYS}
          max={EXPIRY_WINDOW_MAX_DAYS}
          step={1}
          className="w-32"
          {...form.register('expiryWindowDays', number)}
        />
      </FormField>
      <fieldset aria-describedby={`${thresholdsId}-description`}>
        <legend className="text-sm font-medium">Low-stock thresholds</legend>
        <p id={`${thresholdsId}-description`} className="mt-1 mb-4 text-sm text-muted-foreground">
          The daily mail names a product when its available units in your pools fall under its threshold. 0 means no
          alert.
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          {settings.thresholds.map((product, index) => (
            <FormField
              key={product.productCode}
              label={product.productName}
              error={errors.thresholds?.[index]?.threshold?.message ?? errors.thresholds?.[index]?.productCode?.message}
            >
              <Input
                type="number"
                inputMode="numeric"
                min={0}
                max={THRESHOLD_MAX}
                step={1}
                className="w-32"
                {...form.register(`thresholds.${index}.threshold`, number)}
              />
            </FormField>
          ))}
        </div>
      </fieldset>
      <SubmitButton className="justify-self-start" busy={isSubmitting}>
        Save alerts
      </SubmitButton>
    </form>
  );
}
