import { t } from '@lingui/core/macro';
import { slot, withElements } from '@/lib/message-elements';

const code = 'rounded bg-muted px-1 py-0.5 font-mono text-xs text-foreground';

/**
 * The line under the Webhooks title: what the portal sends, how it is signed and verified, and how
 * long a failed delivery is retried. The payload's shape and the headers stay as a receiver reads them.
 */
export function WebhooksIntro() {
  const payload = slot('payload');
  const specification = slot('specification');
  const idHeader = slot('idHeader');
  const timestampHeader = slot('timestampHeader');
  const signatureHeader = slot('signatureHeader');
  return withElements(
    t`The portal POSTs signed JSON events (${payload}) to your endpoints when something happens in your organisation. Each request is signed per the ${specification} with the headers ${idHeader}, ${timestampHeader} and ${signatureHeader}: verify it with any Standard Webhooks library and the endpoint's signing secret. A failed delivery is retried for about a day.`,
    {
      payload: <code className={code}>{'{ type, timestamp, data }'}</code>,
      specification: (
        <a
          href="https://www.standardwebhooks.com/"
          target="_blank"
          rel="noreferrer"
          className="font-medium text-foreground underline underline-offset-4"
        >
          {t`Standard Webhooks specification`}
          <span className="sr-only"> {t`(opens in a new tab)`}</span>
        </a>
      ),
      idHeader: <code className={code}>webhook-id</code>,
      timestampHeader: <code className={code}>webhook-timestamp</code>,
      signatureHeader: <code className={code}>webhook-signature</code>,
    },
  );
}
