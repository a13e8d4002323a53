import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { type Popup, usePopups } from '../shared/state/popups.ts';

/** /login and /register: go to home and open the popup there (spec 2.1). */
export function OpenPopupRoute({ popup }: { popup: Exclude<Popup, null> }) {
  const show = usePopups((state) => state.show);
  // The query stays: a registration link carries its referral code (/register?referralCode=ABC).
  const { search } = useLocation();
  useEffect(() => show(popup), [show, popup]);
  return <Navigate to={{ pathname: '/', search }} replace />;
}
