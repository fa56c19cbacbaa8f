import { t } from '@lingui/core/macro';
import { SecretField } from '@/components/secret-field';
import { slot, withElements } from '@/lib/message-elements';

/**
 * An endpoint's signing secret, shown this once (after Add endpoint, or a rotation), with how a
 * receiver uses it. The dialog around it says it will not be shown again.
 */
export function SigningSecret({ secret }: { secret: string }) {
  const call = slot('call');
  const library = slot('library');
  return (
    <div className="grid gap-2">
      <SecretField
        label={t`Signing secret`}
        value={secret}
        copyText={t`Copy`}
        copiedText={t`Copied`}
        copyFailedText={t`The secret could not be copied: select it and copy it yourself.`}
      />
      <p className="text-sm text-muted-foreground">
        {withElements(
          t`Your endpoint verifies each request with it, for instance ${call} with the ${library} package.`,
          {
            call: (
              <code className="rounded bg-muted px-1 py-0.5 font-mono text-xs text-foreground [overflow-wrap:anywhere]">
                new Webhook(secret).verify(body, headers)
              </code>
            ),
            library: <code className="font-mono text-xs text-foreground">standardwebhooks</code>,
          },
        )}
      </p>
    </div>
  );
}
