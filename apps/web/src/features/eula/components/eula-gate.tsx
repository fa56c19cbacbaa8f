import { useState } from 'react';
import { AccessDeniedDialog } from './access-denied-dialog';
import { EulaPrompt } from './eula-prompt';

type EulaGateProps = {
  onAccepted: () => Promise<void>;
  onLogout: () => void;
  loggingOut: boolean;
};

/** Shown in the signed-in area while the agreement is not accepted: the prompt, or the refusal. */
export function EulaGate({ onAccepted, onLogout, loggingOut }: EulaGateProps) {
  const [declined, setDeclined] = useState(false);
  if (declined) return <AccessDeniedDialog onLogout={onLogout} loggingOut={loggingOut} />;
  return <EulaPrompt onAccepted={onAccepted} onDeclined={() => setDeclined(true)} />;
}
