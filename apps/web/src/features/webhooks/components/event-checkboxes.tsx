import { t } from '@lingui/core/macro';
import { WEBHOOK_EVENT_GROUPS, WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@portal/contracts/webhooks';
import { useId, type Ref } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { CheckboxChoice, ChoicesFieldset } from '@/components/checkbox-choices';
import { eventGroupTitle, eventLabel } from './webhook-words';

type EventCheckboxesProps = {
  value: readonly WebhookEventType[];
  onChange: (events: WebhookEventType[]) => void;
  onBlur: () => void;
  /** The form's handle on "Select all", focused when the choice is refused. */
  firstRef: Ref<HTMLButtonElement>;
  error?: string;
};

/**
 * "Events": a group of checkboxes per area of the portal, each named by what happened and described
 * by the event's type as the receiver reads it. "Select all" ticks every one (a dash while some are).
 * The chosen types are kept in the contracts' order.
 */
export function EventCheckboxes({ value, onChange, onBlur, firstRef, error }: EventCheckboxesProps) {
  const id = useId();
  const invalid = error ? true : undefined;
  const toggle = (type: WebhookEventType, on: boolean) =>
    onChange(WEBHOOK_EVENT_TYPES.filter((candidate) => (candidate === type ? on : value.includes(candidate))));
  const all = value.length === 0 ? false : value.length === WEBHOOK_EVENT_TYPES.length ? true : 'indeterminate';

  return (
    <ChoicesFieldset id={id} legend={t`Events`} error={error} className="gap-4">
      <div className="flex items-center gap-3">
        <Checkbox
          id={`${id}-all`}
          ref={firstRef}
          checked={all}
          onCheckedChange={(checked) => onChange(checked === true ? [...WEBHOOK_EVENT_TYPES] : [])}
          onBlur={onBlur}
          aria-invalid={invalid}
        />
        <Label htmlFor={`${id}-all`}>{t`Select all`}</Label>
      </div>
      <div className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
        {WEBHOOK_EVENT_GROUPS.map((group) => (
          <fieldset key={group.title} className="grid content-start gap-3">
            <legend className="mb-2 text-sm font-semibold">{eventGroupTitle(group.title)}</legend>
            {group.events.map(({ type }) => (
              <CheckboxChoice
                key={type}
                id={`${id}-${type}`}
                label={eventLabel(type)}
                detail={<code className="font-mono text-xs text-muted-foreground">{type}</code>}
                checked={value.includes(type)}
                onChange={(on) => toggle(type, on)}
                onBlur={onBlur}
                invalid={invalid === true}
              />
            ))}
          </fieldset>
        ))}
      </div>
    </ChoicesFieldset>
  );
}
