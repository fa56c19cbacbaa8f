import { plural, t } from '@lingui/core/macro';
import { MFA_POLICIES, type MfaPolicy, type MfaPolicyStatus } from '@portal/contracts/mfa';
import { useId, useState } from 'react';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { SubmitButton } from '@/components/ui/submit-button';
import { useSetMfaPolicy } from '../api/mfa-policy';
import { policyDescription, policyLabel } from './mfa-policy-words';

/** How many people the policy will stop at their next sign-in, in words. */
function withoutLine({ policy, peopleWithout }: MfaPolicyStatus): string | null {
  if (policy === 'optional') return null;
  if (peopleWithout === 0) return t`Everyone in your organisation has what this policy asks.`;
  return plural(peopleWithout, {
    one: '# person in your organisation will be asked to set a factor up at their next sign-in.',
    other: '# people in your organisation will be asked to set a factor up at their next sign-in.',
  });
}

/**
 * Settings → MFA policy (decision 036): optional, required, or required and phishing-resistant.
 * Only the Admin at the top of the organisation changes it; the Admins below read it.
 */
export function MfaPolicyForm({ status }: { status: MfaPolicyStatus }) {
  const id = useId();
  const save = useSetMfaPolicy();
  const [chosen, setChosen] = useState<MfaPolicy>(status.policy);
  const line = withoutLine(status);
  return (
    <form
      noValidate
      className="grid gap-6"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(chosen);
      }}
    >
      <RadioGroup
        value={chosen}
        onValueChange={(value) => setChosen(value as MfaPolicy)}
        disabled={!status.canChange}
        aria-label={t`MFA policy`}
      >
        {MFA_POLICIES.map((policy) => (
          <div key={policy} className="flex items-start gap-3">
            <RadioGroupItem value={policy} id={`${id}-${policy}`} className="mt-0.5" />
            <Label htmlFor={`${id}-${policy}`} className="grid gap-1 font-normal">
              <span className="font-medium">{policyLabel(policy)}</span>
              <span className="text-muted-foreground">{policyDescription(policy)}</span>
            </Label>
          </div>
        ))}
      </RadioGroup>
      {line ? (
        <p role="status" className="text-sm">
          {line}
        </p>
      ) : null}
      {status.canChange ? (
        <div>
          <SubmitButton busy={save.isPending} busyText={t`Saving...`} disabled={chosen === status.policy}>
            {t`Save policy`}
          </SubmitButton>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">{t`Only the Admin at the top of your organisation can change it.`}</p>
      )}
    </form>
  );
}
