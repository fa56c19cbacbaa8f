import { t } from '@lingui/core/macro';
import { useState } from 'react';
import { Button, buttonClassName } from '@/components/ui/button';

/**
 * The ten recovery codes, shown this once: each stands in for the app at one sign-in. Copy or
 * download them, then Done; the portal keeps only their hashes.
 */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  const text = `${codes.join('\n')}\n`;
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  }
  const download = `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`;
  return (
    <div className="grid gap-4">
      <div className="grid gap-1">
        <h3 className="font-medium">{t`Your recovery codes`}</h3>
        <p className="text-sm text-muted-foreground">
          {t`Keep these codes somewhere safe. Each one signs you in once if your phone is lost. They are shown only now.`}
        </p>
      </div>
      <ul aria-label={t`Recovery codes`} className="grid grid-cols-1 gap-2 font-mono text-sm sm:grid-cols-2">
        {codes.map((code) => (
          <li key={code} className="rounded-md border bg-muted/50 px-3 py-2 tracking-wider">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={() => void copy()}>
          {t`Copy codes`}
        </Button>
        <a href={download} download="migratehub-recovery-codes.txt" className={buttonClassName({ variant: 'outline' })}>
          {t`Download`}
        </a>
        <Button type="button" onClick={onDone}>
          {t`I have saved them`}
        </Button>
      </div>
      <p role="status" aria-live="polite" className="text-sm text-muted-foreground">
        {copied === 'copied'
          ? t`The codes are copied.`
          : copied === 'failed'
            ? t`The codes could not be copied: select them and copy them yourself.`
            : ''}
      </p>
    </div>
  );
}
