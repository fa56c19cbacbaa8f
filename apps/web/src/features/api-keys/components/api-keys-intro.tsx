import { t } from '@lingui/core/macro';
import { slot, withElements } from '@/lib/message-elements';

/** The line under the API keys title: what a key is for and how a program sends it. */
export function ApiKeysIntro({ isAdmin }: { isAdmin: boolean }) {
  const header = slot('header');
  return (
    <>
      {withElements(
        t`API keys let the migration agent and your integrations call the API as you, within their scopes. Send a key as ${header}.`,
        {
          header: (
            <code className="rounded bg-muted px-1 py-0.5 font-mono text-xs text-foreground">
              Authorization: Bearer &lt;key&gt;
            </code>
          ),
        },
      )}
      {isAdmin && ` ${t`You also see, and can revoke, the keys of the accounts you manage.`}`}
    </>
  );
}
