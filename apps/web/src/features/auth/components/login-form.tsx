import { zodResolver } from '@hookform/resolvers/zod';
import { loginRequestSchema, type LoginRequest, type LoginResponse } from '@portal/contracts/auth';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { Spinner } from '@/components/ui/spinner';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useLogin } from '../api/login';

type LoginFormProps = {
  /** Runs after the server accepted the credentials; the button stays busy until it settles. */
  onAuthenticated: (response: LoginResponse, credentials: LoginRequest) => Promise<void>;
};

export function LoginForm({ onAuthenticated }: LoginFormProps) {
  const login = useLogin();
  const form = useForm({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  async function submit(credentials: LoginRequest) {
    try {
      const { data } = await login.mutateAsync(credentials);
      await onAuthenticated(data, credentials);
    } catch (error) {
      // The global handler has shown the failure; field errors also go next to their fields.
      applyServerFieldErrors(error, form.setError, ['email', 'password']);
    }
  }

  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} className="grid gap-5">
      <FormField label="Email" error={errors.email?.message}>
        <Input
          type="email"
          autoComplete="username"
          inputMode="email"
          placeholder="name@company.com"
          {...form.register('email')}
        />
      </FormField>
      <FormField label="Password" error={errors.password?.message}>
        <PasswordInput autoComplete="current-password" {...form.register('password')} />
      </FormField>
      <div className="-mt-2 flex justify-end">
        <Link
          to="/forgot-password"
          className="rounded-sm text-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          Forgot password?
        </Link>
      </div>
      <Button type="submit" size="lg" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
        {isSubmitting && <Spinner />}
        Login
      </Button>
    </form>
  );
}
