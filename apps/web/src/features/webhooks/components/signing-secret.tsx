import { SecretField } from '@/components/secret-field';

/**
 * An endpoint's signing secret, shown this once (after Add endpoint, or a rotation), with how a
 * receiver uses it. The dialog around it says it will not be shown again.
 */
export function SigningSecret({ secret }: { secret: string }) {
  return (
    <div className="grid gap-2">
      <SecretField
        label="Signing secret"
        value={secret}
        copyFailedText="The secret could not be copied: select it and copy it yourself."
      />
      <p className="text-sm text-muted-foreground">
        Your endpoint verifies each request with it, for instance{' '}
        <code className="rounded bg-muted px-1 py-0.5 font-mono text-xs text-foreground [overflow-wrap:anywhere]">
          new Webhook(secret).verify(body, headers)
        </code>{' '}
        with the <code className="font-mono text-xs text-foreground">standardwebhooks</code> package.
      </p>
    </div>
  );
}
