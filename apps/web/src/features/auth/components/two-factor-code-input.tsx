import { TWO_FACTOR_CODE_LENGTH } from '@portal/contracts/auth';
import { TOTP_DIGITS } from '@portal/contracts/mfa';
import { REGEXP_ONLY_DIGITS, REGEXP_ONLY_DIGITS_AND_CHARS } from 'input-otp';
import { Fragment, type KeyboardEventHandler } from 'react';
import { FormField } from '@/components/ui/form-field';
import { InputOTP, InputOTPGroup, InputOTPSeparator, InputOTPSlot } from '@/components/ui/input-otp';
import { cn } from '@/lib/utils';

type TwoFactorCodeInputProps = {
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  onKeyDown: KeyboardEventHandler<HTMLInputElement>;
  error?: string;
  disabled?: boolean;
};

/** docs/product.md: 7 letters and digits, shown in capitals, with a separator after the third. */
const GROUPS = [
  [0, 1, 2],
  [3, 4, 5, 6],
] as const satisfies number[][];

export function TwoFactorCodeInput({ error, ...props }: TwoFactorCodeInputProps) {
  return (
    <FormField label="Verification code" error={error}>
      <InputOTP
        maxLength={TWO_FACTOR_CODE_LENGTH}
        pattern={REGEXP_ONLY_DIGITS_AND_CHARS}
        autoComplete="one-time-code"
        // Codes hold letters: a phone must offer its full keyboard, not digits (input-otp's default
        // is numeric). Letters are made capitals as they are typed, so no auto-capitalising or
        // correcting keyboard changes what was typed.
        inputMode="text"
        autoCapitalize="characters"
        autoCorrect="off"
        spellCheck={false}
        // The code is no password: no room for a password manager's badge is needed.
        pushPasswordManagerStrategy="none"
        autoFocus
        {...props}
      >
        <InputOTPGroup>
          {GROUPS[0].map((index) => (
            <InputOTPSlot key={index} index={index} className={cn(error && 'border-destructive')} />
          ))}
        </InputOTPGroup>
        <InputOTPSeparator />
        <InputOTPGroup>
          {GROUPS[1].map((index) => (
            <InputOTPSlot key={index} index={index} className={cn(error && 'border-destructive')} />
          ))}
        </InputOTPGroup>
      </InputOTP>
    </FormField>
  );
}

/** An authenticator app's code: 6 digits in two groups of three, a phone's number pad. */
export function TotpCodeInput({ error, ...props }: TwoFactorCodeInputProps) {
  return (
    <FormField label="Authentication code" error={error}>
      <InputOTP
        maxLength={TOTP_DIGITS}
        pattern={REGEXP_ONLY_DIGITS}
        autoComplete="one-time-code"
        inputMode="numeric"
        pushPasswordManagerStrategy="none"
        autoFocus
        {...props}
      >
        {[
          [0, 1, 2],
          [3, 4, 5],
        ].map((group, at) => (
          <Fragment key={at}>
            {at > 0 ? <InputOTPSeparator /> : null}
            <InputOTPGroup>
              {group.map((index) => (
                <InputOTPSlot key={index} index={index} className={cn(error && 'border-destructive')} />
              ))}
            </InputOTPGroup>
          </Fragment>
        ))}
      </InputOTP>
    </FormField>
  );
}
