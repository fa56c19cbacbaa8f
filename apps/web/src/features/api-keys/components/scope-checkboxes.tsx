import { t } from '@lingui/core/macro';
import { API_KEY_SCOPES, type ApiKeyScope } from '@portal/contracts/api-keys';
import { useId, type Ref } from 'react';
import { CheckboxChoice, ChoicesFieldset } from '@/components/checkbox-choices';
import { scopeHint, scopeLabel } from './api-key-words';

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
  const toggle = (scope: ApiKeyScope, on: boolean) =>
    onChange(API_KEY_SCOPES.filter((candidate) => (candidate === scope ? on : value.includes(candidate))));

  return (
    <ChoicesFieldset id={id} legend={t`Scopes`} error={error} className="gap-3">
      {API_KEY_SCOPES.map((scope, index) => (
        <CheckboxChoice
          key={scope}
          id={`${id}-${scope}`}
          checkboxRef={index === 0 ? firstRef : undefined}
          label={scopeLabel(scope)}
          detail={<p className="text-sm text-muted-foreground">{scopeHint(scope)}</p>}
          checked={value.includes(scope)}
          onChange={(on) => toggle(scope, on)}
          onBlur={onBlur}
          invalid={error !== undefined}
        />
      ))}
    </ChoicesFieldset>
  );
}
