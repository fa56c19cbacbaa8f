import { t } from '@lingui/core/macro';
import { formatDayTimeIn, localTimeZone } from '@portal/contracts/dates';
import { LAZY_ENDPOINTS } from '@portal/contracts/lazy-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { nativeSelect } from '@/components/ui/native-select';
import { SubmitButton } from '@/components/ui/submit-button';
import { Label } from '@/components/ui/label';
import { keepMeForToken, refreshMe } from '@/features/auth/api/get-me';
import { callEndpoint } from '@/lib/call-endpoint';
import { getToken } from '@/lib/session';

/**
 * Every zone this browser knows by its IANA name, UTC first (some browsers leave it out of the
 * list), and the one saved even when this browser lists it by another name (Asia/Calcutta for
 * Asia/Kolkata).
 */
function knownZones(saved: string | null): string[] {
  const zones = Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC' && zone !== saved);
  return ['UTC', ...(saved && saved !== 'UTC' ? [saved] : []), ...zones];
}

/**
 * Settings → Profile, "Time zone" (decision 051): the zone every time on screen and in a PDF is
 * shown in, kept on the account so it follows the person to another browser; or the browser's own.
 */
export function TimeZoneForm({ timeZone }: { timeZone: string | null }) {
  const id = useId();
  const queryClient = useQueryClient();
  const zones = useMemo(() => knownZones(timeZone), [timeZone]);
  const browserZone = localTimeZone();
  const [choice, setChoice] = useState(timeZone ?? '');
  const save = useMutation({
    mutationFn: (zone: string | null) => callEndpoint(LAZY_ENDPOINTS.setTimeZone, { body: { timeZone: zone } }),
    onSuccess: async ({ data }) => {
      const token = getToken();
      if (token) keepMeForToken(queryClient, token, data);
      await refreshMe(queryClient);
    },
  });
  const shownZone = choice || browserZone;

  return (
    <form
      noValidate
      className="grid gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(choice || null);
      }}
    >
      <div className="grid gap-2">
        <Label htmlFor={id}>{t`Show times in`}</Label>
        <select
          id={id}
          className={nativeSelect}
          value={choice}
          aria-describedby={`${id}-now`}
          onChange={(event) => setChoice(event.target.value)}
        >
          <option value="">{t`This browser's (${browserZone})`}</option>
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll('_', ' ')}
            </option>
          ))}
        </select>
        <p id={`${id}-now`} className="text-sm text-muted-foreground">
          {t`Every time in the portal and in report PDFs is shown in ${shownZone}: it is now ${formatDayTimeIn(new Date(), shownZone)} there.`}
        </p>
      </div>
      <SubmitButton
        className="justify-self-start"
        busy={save.isPending}
        busyText={t`Saving...`}
        disabled={choice === (timeZone ?? '')}
      >
        {t`Save time zone`}
      </SubmitButton>
    </form>
  );
}
