import { type GuardedAction, type SliderPuzzle, VerificationCalls } from '@fortuna/contracts/verification';
import { callApi } from '../../api/client.ts';

/** A fresh slider puzzle for one action; a ticket earned on it only works for that action. */
export function fetchSliderPuzzle(action: GuardedAction): Promise<SliderPuzzle> {
  return callApi(VerificationCalls.slider, { query: { action } });
}
