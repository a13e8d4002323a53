import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { MemberCentre } from '../features/member-centre/components/member-centre.tsx';
import { useAvailablePromoCount } from '../shared/api/member-promotions.ts';
import { useUnreadMessages } from '../shared/api/unread-messages.ts';
import { useSession } from '../shared/session/session-store.ts';
import { useRequireRealAccount } from '../shared/session/use-require-real-account.ts';
import { MEMBER_CENTRE_PAGE_COMPONENTS } from './member-centre-pages.tsx';

/**
 * /member: the member centre over the lobby. A trial account is refused with the notice of spec 5
 * and sent home (guests never get here: the route guard sends them to /login). Closing goes back
 * to the page the member came from, or home when the centre was the first page opened.
 */
export function MemberCentreRoute() {
  const navigate = useNavigate();
  const location = useLocation();
  const isTrial = useSession((state) => state.isTrial);
  const requireRealAccount = useRequireRealAccount();

  useEffect(() => {
    if (!isTrial) return;
    requireRealAccount(() => {});
    navigate('/', { replace: true });
  }, [isTrial, requireRealAccount, navigate]);

  const unreadMessages = useUnreadMessages();
  const claimableRewards = useAvailablePromoCount();
  if (isTrial) return null;
  const close = () => (location.key === 'default' ? navigate('/') : navigate(-1));
  // missionLeaderboard adds its count here when missions exist.
  return (
    <MemberCentre
      pages={MEMBER_CENTRE_PAGE_COMPONENTS}
      badges={{ messageV2: unreadMessages, rewardCenter: claimableRewards }}
      onClose={close}
    />
  );
}
