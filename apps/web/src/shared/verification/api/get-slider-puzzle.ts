import {
  type GuardedAction,
  type SliderPuzzle,
  SliderPuzzleResponseSchema,
  VerificationPaths,
} from '@fortuna/contracts/verification';
import { apiGet } from '../../api/client.ts';

/** A fresh slider puzzle for one action; a ticket earned on it only works for that action. */
export function fetchSliderPuzzle(action: GuardedAction): Promise<SliderPuzzle> {
  return apiGet(VerificationPaths.slider, SliderPuzzleResponseSchema, { query: { action } });
}
