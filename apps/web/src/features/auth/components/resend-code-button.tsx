import { useEffect, useRef, useState } from 'react';
import { isUnauthorized } from '@/lib/handle-server-error';
import { useResendTwoFactor } from '../api/resend-two-factor';

/** The server mails a new code at most every 30 seconds; the button waits as long. */
const RESEND_COOLDOWN_MS = 30_000;

/** The spec's sentence; its second half is the button. */
const RESEND_PROMPT = "Haven't received it? Resend a new code.";
const [QUESTION, ACTION] = RESEND_PROMPT.split(/(?<=\?) /) as [string, string];

/** 'Haven't received it? Resend a new code.': the server's answer shows as a toast (global handler). */
export function ResendCodePrompt({ onSessionEnded }: { onSessionEnded: () => void }) {
  return (
    <p className="text-center text-sm text-muted-foreground">
      {QUESTION} <ResendCodeButton onSessionEnded={onSessionEnded} />
    </p>
  );
}

function ResendCodeButton({ onSessionEnded }: { onSessionEnded: () => void }) {
  const resend = useResendTwoFactor();
  const [coolingDown, setCoolingDown] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  function handleClick() {
    resend.mutate(undefined, {
      onSuccess: () => {
        setCoolingDown(true);
        timer.current = setTimeout(() => setCoolingDown(false), RESEND_COOLDOWN_MS);
      },
      onError: (error) => {
        if (isUnauthorized(error)) onSessionEnded();
      },
    });
  }

  return (
    <button
      type="button"
      onClick={handleClick}
      disabled={resend.isPending || coolingDown}
      className="rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-60"
    >
      {ACTION}
    </button>
  );
}
