import { z } from 'zod';

const STORAGE_KEY = 'referralCode';
const ReferralCodeSchema = z.string().trim().min(1).max(255);

/**
 * The referral code of a registration link (`?referralCode=ABC`, or the short `?ref=ABC`). It is
 * kept for the tab, so a visitor who looks around before registering is still credited.
 */
export function referralCodeFrom(search: string): string | null {
  const params = new URLSearchParams(search);
  const fromUrl = ReferralCodeSchema.safeParse(params.get('referralCode') ?? params.get('ref'));
  if (fromUrl.success) {
    sessionStorage.setItem(STORAGE_KEY, fromUrl.data);
    return fromUrl.data;
  }
  return sessionStorage.getItem(STORAGE_KEY);
}
