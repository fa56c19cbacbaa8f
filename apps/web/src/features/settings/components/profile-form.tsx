import { zodResolver } from '@hookform/resolvers/zod';
import { profileFormSchema } from '@portal/contracts/settings';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/hooks/use-toast';

type ProfileForm = z.infer<typeof profileFormSchema>;

/**
 * Spec section 5, "Profile form": name and email of the signed-in user, shown but not editable;
 * submitting checks them and only shows the values (nothing is saved).
 */
export function ProfileForm({ user }: { user: ProfileForm }) {
  const form = useForm<ProfileForm>({
    resolver: zodResolver(profileFormSchema),
    values: { name: user.name, email: user.email },
  });
  const { errors } = form.formState;

  // The fields are disabled, so they are not registered: react-hook-form would drop their values.
  const submit = form.handleSubmit((values) => {
    toast({
      title: 'You submitted the following values:',
      description: (
        <pre className="mt-2 max-w-full overflow-x-auto rounded-md bg-muted p-3 text-xs text-foreground">
          {JSON.stringify(values, null, 2)}
        </pre>
      ),
    });
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-5">
      <FormField
        label="Username"
        error={errors.name?.message}
        description="This is the name shown in the portal. It is set by your administrator."
      >
        <Input value={user.name} disabled readOnly autoComplete="name" />
      </FormField>
      <FormField label="Email" error={errors.email?.message} description="The address you sign in with.">
        <Input type="email" value={user.email} disabled readOnly autoComplete="email" />
      </FormField>
      <Button type="submit" className="justify-self-start">
        Update profile
      </Button>
    </form>
  );
}
