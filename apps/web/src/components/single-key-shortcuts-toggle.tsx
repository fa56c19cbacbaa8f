import { t } from '@lingui/core/macro';
import { useId, useState } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { setSingleKeyShortcuts, singleKeyShortcutsOn } from '@/lib/shortcuts';

/** The setting that turns the single-key shortcuts (? and /) off and on again (WCAG 2.1.4). */
export function SingleKeyShortcutsToggle() {
  const id = useId();
  const [on, setOn] = useState(singleKeyShortcutsOn);
  return (
    <div className="flex items-start gap-3">
      <Checkbox
        id={id}
        checked={on}
        onCheckedChange={(value) => {
          setSingleKeyShortcuts(value === true);
          setOn(value === true);
        }}
        aria-describedby={`${id}-note`}
      />
      <div className="grid gap-1">
        <Label htmlFor={id}>{t`Single-key shortcuts`}</Label>
        <p id={`${id}-note`} className="text-sm text-muted-foreground">
          {t`? lists the shortcuts and / jumps to a list's filter box. Turn them off if you use speech input or type with one finger; Ctrl+K (⌘K) keeps working.`}
        </p>
      </div>
    </div>
  );
}
