const code = 'rounded bg-muted px-1 py-0.5 font-mono text-xs text-foreground';

/**
 * The line under the Webhooks title: what the portal sends, how it is signed and verified, and how
 * long a failed delivery is retried.
 */
export function WebhooksIntro() {
  return (
    <>
      The portal POSTs signed JSON events (<code className={code}>{'{ type, timestamp, data }'}</code>) to your
      endpoints when something happens in your organisation. Each request is signed per the{' '}
      <a
        href="https://www.standardwebhooks.com/"
        target="_blank"
        rel="noreferrer"
        className="font-medium text-foreground underline underline-offset-4"
      >
        Standard Webhooks specification
        <span className="sr-only"> (opens in a new tab)</span>
      </a>{' '}
      with the headers <code className={code}>webhook-id</code>, <code className={code}>webhook-timestamp</code> and{' '}
      <code className={code}>webhook-signature</code>: verify it with any Standard Webhooks library and the
      endpoint&apos;s signing secret. A failed delivery is retried for about a day.
    </>
  );
}
