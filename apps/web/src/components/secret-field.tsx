import { CheckIcon, CopyIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

type Copy = 'idle' | 'copied' | 'failed';

type SecretFieldProps = {
  /** What the field is called: 'API key', 'Signing secret'. */
  label: string;
  value: string;
  /** Said when the clipboard refuses, e.g. 'The key could not be copied: select it and copy it yourself.' */
  copyFailedText: string;
  /** The Copy button's label and what it says once copied, in the caller's words (an area's language). */
  copyText: string;
  copiedText: string;
};

/**
 * A secret shown this once (a new API key, a webhook's signing secret): read-only, in monospace,
 * focused and selected when it appears, selected again on focus, with a Copy button whose outcome
 * is announced in a live region. The dialog around it says that it will not be shown again.
 */
export function SecretField({ label, value, copyFailedText, copyText, copiedText }: SecretFieldProps) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<Copy>('idle');

  // The form that had the focus is gone: the secret takes it, selected, ready to be copied.
  useEffect(() => {
    field.current?.focus();
    field.current?.select();
  }, []);

  async function copySecret() {
    try {
      await navigator.clipboard.writeText(value);
      setCopy('copied');
    } catch {
      // No clipboard (an insecure address, a refused permission): the selected secret can still be copied by hand.
      setCopy('failed');
      field.current?.select();
    }
  }

  return (
    <div className="grid gap-2">
      <Label htmlFor={`${id}-secret`}>{label}</Label>
      <div className="flex gap-2">
        <Input
          ref={field}
          id={`${id}-secret`}
          readOnly
          value={value}
          spellCheck={false}
          autoComplete="off"
          className="min-w-0 flex-1 font-mono text-xs sm:text-sm"
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button type="button" variant="outline" onClick={() => void copySecret()}>
          {copy === 'copied' ? <CheckIcon aria-hidden /> : <CopyIcon aria-hidden />}
          {copyText}
        </Button>
      </div>
      <p role="status" className="min-h-5 text-sm">
        {copy === 'copied' ? copiedText : copy === 'failed' ? copyFailedText : ''}
      </p>
    </div>
  );
}
