import {
  API_KEY_SCOPE_HINTS,
  API_KEY_SCOPE_LABELS,
  API_KEY_SCOPES,
  type ApiKeyScope,
} from '@portal/contracts/api-keys';
import { useId, type Ref } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

type ScopeCheckboxesProps = {
  value: readonly ApiKeyScope[];
  onChange: (scopes: ApiKeyScope[]) => void;
  onBlur: () => void;
  /** The form's handle on the first checkbox, focused when the choice is refused. */
  firstRef: Ref<HTMLButtonElement>;
  error?: string;
};

/** "Scopes": one checkbox per scope, each described by what it allows, in the contracts' order. */
export function ScopeCheckboxes({ value, onChange, onBlur, firstRef, error }: ScopeCheckboxesProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const toggle = (scope: ApiKeyScope, on: boolean) =>
    onChange(API_KEY_SCOPES.filter((candidate) => (candidate === scope ? on : value.includes(candidate))));

  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="grid gap-3">
      <legend className={cn('mb-3 text-sm leading-none font-medium', error && 'text-destructive')}>Scopes</legend>
      {API_KEY_SCOPES.map((scope, index) => (
        <div key={scope} className="flex items-start gap-3">
          <Checkbox
            id={`${id}-${scope}`}
            ref={index === 0 ? firstRef : undefined}
            className="mt-0.5"
            checked={value.includes(scope)}
            onCheckedChange={(checked) => toggle(scope, checked === true)}
            onBlur={onBlur}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-${scope}-hint`}
          />
          <div className="grid gap-1">
            <Label htmlFor={`${id}-${scope}`}>{API_KEY_SCOPE_LABELS[scope]}</Label>
            <p id={`${id}-${scope}-hint`} className="text-sm text-muted-foreground">
              {API_KEY_SCOPE_HINTS[scope]}
            </p>
          </div>
        </div>
      ))}
      {error && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}
