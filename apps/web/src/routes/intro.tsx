import { PAGES } from '@portal/contracts/pages';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { GetStarted } from '@/features/onboarding/components/get-started';
import { LOCAL_KEYS } from '@/lib/storage-keys';

/** `/intro`: shown until the user continues once; afterwards it leads straight to the dashboard. */
export function IntroRoute() {
  const navigate = useNavigate();
  const [seen] = useState(() => localStorage.getItem(LOCAL_KEYS.introSeen) !== null);
  if (seen) return <Navigate to={PAGES.dashboard} replace />;

  return (
    <GetStarted
      onContinue={() => {
        localStorage.setItem(LOCAL_KEYS.introSeen, 'true');
        void navigate(PAGES.dashboard);
      }}
    />
  );
}
