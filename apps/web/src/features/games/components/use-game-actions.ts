import { FAVOURITE_THROTTLE_MS, type GameItem, LaunchFailureValueSchema } from '@fortuna/contracts/games';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useContext, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-error.ts';
import { useRequireRealAccount } from '../../../shared/session/use-require-real-account.ts';
import { openDialog } from '../../../shared/ui/dialog/dialog-store.ts';
import { launchGame, setFavourite } from '../api/games.ts';
import { useGameFrame } from './game-frame-store.ts';
import { LottoPrizeModeContext } from './lotto-prize-mode.ts';

/** The games the server offers instead of one whose vendor is in maintenance; null for another failure. */
export function alternativesOf(error: unknown): GameItem[] | null {
  if (!(error instanceof ApiError) || error.code !== 'VENDOR_MAINTENANCE') return null;
  const value = LaunchFailureValueSchema.safeParse(error.value);
  return value.success ? value.data.alternatives : [];
}

/**
 * What a tile does: play (a real account opens the game frame; spec 4.3 and 5 send a visitor to
 * the login popup and tell a trial account to register) and the favourite toggle, at most once a
 * second (spec 4.10; the server refuses faster toggles too).
 */
export function useGameActions() {
  const { t, i18n } = useTranslation();
  const requireRealAccount = useRequireRealAccount();
  const queryClient = useQueryClient();
  const frame = useGameFrame();
  const lastToggle = useRef(0);
  const prizeMode = useContext(LottoPrizeModeContext);

  const fail = useCallback(
    (error: unknown, game: GameItem) => {
      const alternatives = alternativesOf(error);
      if (alternatives) {
        frame.offer(game.displayName, alternatives);
        return;
      }
      const code = error instanceof ApiError ? error.code : 'INTERNAL';
      openDialog({
        title: t('in_popup_prompt'),
        icon: 'info',
        body: t(`errorCodes.${code}`, {
          vendor: game.vendorName,
          defaultValue: error instanceof Error ? error.message : t('errorCodes.INTERNAL'),
        }),
        testId: 'game-error',
        buttons: [{ labelKey: 'games.ok' }],
      });
    },
    [frame, t],
  );

  const play = useCallback(
    (game: GameItem) =>
      requireRealAccount(() => {
        launchGame(game.nodeId, i18n.language, false, game.gameType === 'LOTT' ? prizeMode : undefined)
          .then((result) =>
            frame.show({ title: game.displayName, url: result.url, nodeId: game.nodeId, demo: false }),
          )
          .catch((error: unknown) => fail(error, game));
      }),
    [requireRealAccount, i18n.language, frame, fail, prizeMode],
  );

  const tryFree = useCallback(
    (game: GameItem) => {
      launchGame(game.nodeId, i18n.language, true)
        .then((result) =>
          frame.show({ title: game.displayName, url: result.url, nodeId: game.nodeId, demo: true }),
        )
        .catch((error: unknown) => fail(error, game));
    },
    [i18n.language, frame, fail],
  );

  const toggleFavourite = useCallback(
    (game: GameItem, isFavourite: boolean) =>
      requireRealAccount(() => {
        const now = Date.now();
        if (now - lastToggle.current < FAVOURITE_THROTTLE_MS) return;
        lastToggle.current = now;
        setFavourite(queryClient, game, !isFavourite).catch((error: unknown) => fail(error, game));
      }),
    [requireRealAccount, queryClient, fail],
  );

  return { play, tryFree, toggleFavourite };
}
