import { t } from '@lingui/core/macro';
import { LAZY_ENDPOINTS } from '@portal/contracts/lazy-endpoints';
import { LOCALE_NAMES, LOCALES, type Locale } from '@portal/contracts/locales';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { nativeSelect } from '@/components/ui/native-select';
import { SubmitButton } from '@/components/ui/submit-button';
import { Label } from '@/components/ui/label';
import { keepMeForToken } from '@/features/auth/api/get-me';
import { callEndpoint } from '@/lib/call-endpoint';
import { browserLocale, preloadLocale } from '@/lib/i18n';
import { getToken } from '@/lib/session';

/**
 * Settings → Profile, "Language" (decision 052): the language of the screens, of the mail sent to
 * the person and of their CSV exports' headers, kept on the account so it follows them to another
 * browser; or the browser's own. Each language is listed by its own name, in its own language.
 */
export function LanguageForm({ locale }: { locale: Locale | null }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState<Locale | ''>(locale ?? '');
  const fromBrowser = browserLocale();
  const save = useMutation({
    mutationFn: (chosen: Locale | null) => callEndpoint(LAZY_ENDPOINTS.setLanguage, { body: { locale: chosen } }),
    // The server says so in the language chosen. Its catalogues are fetched first, then the
    // account is updated: the signed-in layout then shows the new language at once, with no
    // spinner and no return to the old one (it switches when the account says so).
    onSuccess: async ({ data }) => {
      await preloadLocale(data.locale ?? fromBrowser).catch(() => undefined);
      const token = getToken();
      if (token) keepMeForToken(queryClient, token, data);
    },
  });

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
        <Label htmlFor={id}>{t`Show the portal in`}</Label>
        <select
          id={id}
          className={nativeSelect}
          value={choice}
          aria-describedby={`${id}-note`}
          onChange={(event) => setChoice(event.target.value as Locale | '')}
        >
          <option value="">{t`This browser's (${LOCALE_NAMES[fromBrowser]})`}</option>
          {LOCALES.map((code) => (
            <option key={code} value={code} lang={code}>
              {LOCALE_NAMES[code]}
            </option>
          ))}
        </select>
        <p id={`${id}-note`} className="text-sm text-muted-foreground">
          {t`The screens, the emails the portal sends you and the column headers of your CSV exports use this language.`}
        </p>
      </div>
      <SubmitButton
        className="justify-self-start"
        busy={save.isPending}
        busyText={t`Saving...`}
        disabled={choice === (locale ?? '')}
      >
        {t`Save language`}
      </SubmitButton>
    </form>
  );
}
