import { MFA_POLICIES, MFA_POLICY_LABELS, type MfaPolicy, type MfaPolicyStatus } from '@portal/contracts/mfa';
import { useId, useState } from 'react';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { SubmitButton } from '@/components/ui/submit-button';
import { useSetMfaPolicy } from '../api/mfa-policy';

/** How many people the policy will stop at their next sign-in, in words. */
function withoutLine({ policy, peopleWithout }: MfaPolicyStatus): string | null {
  if (policy === 'optional') return null;
  if (peopleWithout === 0) return 'Everyone in your organisation has what this policy asks.';
  const who = peopleWithout === 1 ? '1 person' : `${peopleWithout} people`;
  return `${who} in your organisation will be asked to set a factor up at their next sign-in.`;
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
        aria-label="MFA policy"
      >
        {MFA_POLICIES.map((policy) => (
          <div key={policy} className="flex items-start gap-3">
            <RadioGroupItem value={policy} id={`${id}-${policy}`} className="mt-0.5" />
            <Label htmlFor={`${id}-${policy}`} className="grid gap-1 font-normal">
              <span className="font-medium">{MFA_POLICY_LABELS[policy].label}</span>
              <span className="text-muted-foreground">{MFA_POLICY_LABELS[policy].description}</span>
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
          <SubmitButton busy={save.isPending} busyText="Saving..." disabled={chosen === status.policy}>
            Save policy
          </SubmitButton>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">Only the Admin at the top of your organisation can change it.</p>
      )}
    </form>
  );
}
