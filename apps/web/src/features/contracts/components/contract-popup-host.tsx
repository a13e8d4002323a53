import { useState } from 'react';
import { useConsolidatedContracts } from '../../../shared/api/consolidated-contracts.ts';
import { useSession } from '../../../shared/session/session-store.ts';
import { useAnnouncementPopup } from '../../../shared/state/announcement-popup.ts';
import { usePopups } from '../../../shared/state/popups.ts';
import { ContractPopup } from './contract-popup.tsx';

/**
 * Spec 2.3: the contract popup shows only when logged in, when an offer waits for an answer. It
 * waits for the login, password and announcement popups; closing it without an answer hides that offer until the
 * next page load (the offer stays in the agent centre).
 */
export function ContractPopupHost() {
  const isLogin = useSession((state) => state.isLogin);
  const isTrial = useSession((state) => state.isTrial);
  const accountPopupOpen = usePopups((state) => state.open !== null);
  const announcementOpen = useAnnouncementPopup((state) => state.view !== null);
  const consolidated = useConsolidatedContracts(isLogin && !isTrial);
  const [dismissed, setDismissed] = useState<string[]>([]);
  const offer = consolidated.data?.offers.find((candidate) => !dismissed.includes(candidate.id));
  if (!isLogin || accountPopupOpen || announcementOpen || !offer) return null;
  return (
    <ContractPopup key={offer.id} offer={offer} onClose={() => setDismissed((ids) => [...ids, offer.id])} />
  );
}
