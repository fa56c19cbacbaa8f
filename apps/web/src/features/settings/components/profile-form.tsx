import { t } from '@lingui/core/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { profileFormSchema } from '@portal/contracts/settings';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { dismissToast, toast } from '@/hooks/use-toast';

type ProfileForm = z.infer<typeof profileFormSchema>;

/**
 * docs/product.md, "Profile form": name and email of the signed-in user, shown but not editable;
 * submitting checks them and only shows the values (nothing is saved).
 */
export function ProfileForm({ user }: { user: ProfileForm }) {
  const form = useForm<ProfileForm>({
    resolver: zodResolver(profileFormSchema),
    values: { name: user.name, email: user.email },
  });
  const { errors } = form.formState;
  const [noticeId, setNoticeId] = useState<string>();

  // The notice is about this page: it goes when the page does (Change Password, say).
  useEffect(
    () => () => {
      if (noticeId) dismissToast(noticeId);
    },
    [noticeId],
  );

  // The fields are disabled, so they are not registered: react-hook-form would drop their values.
  const submit = form.handleSubmit((values) => {
    const notice = toast({
      title: t`You submitted the following values:`,
      description: (
        <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
          <dt className="font-medium">{t`Username`}</dt>
          <dd className="[overflow-wrap:anywhere]">{values.name}</dd>
          <dt className="font-medium">{t`Email`}</dt>
          <dd className="[overflow-wrap:anywhere]">{values.email}</dd>
        </dl>
      ),
    });
    setNoticeId(notice.id);
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-5">
      <FormField
        label={t`Username`}
        error={errors.name?.message}
        description={t`This is the name shown in the portal. It is set by your administrator.`}
      >
        <Input value={user.name} disabled readOnly autoComplete="name" />
      </FormField>
      <FormField label={t`Email`} error={errors.email?.message} description={t`The address you sign in with.`}>
        <Input type="email" value={user.email} disabled readOnly autoComplete="email" />
      </FormField>
      <Button type="submit" className="justify-self-start">
        {t`Update profile`}
      </Button>
    </form>
  );
}
