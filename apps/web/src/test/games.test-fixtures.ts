import type { GameItem, LobbyVendor } from '@fortuna/contracts/games';

export function gameFixture(nodeId: number, overrides: Partial<GameItem> = {}): GameItem {
  return {
    gameId: String(nodeId),
    nodeId: String(nodeId),
    vassalage: 'JDB',
    vendorName: 'JDB Gaming',
    gameType: 'RNG',
    gameCode: `g-${nodeId}`,
    isGame: true,
    isHot: 0,
    isNew: false,
    iconUrl: `/wps/games/art/${nodeId}.svg`,
    lagerIcon: `/wps/games/art/${nodeId}.svg`,
    gameName: `Game ${nodeId}`,
    nodeName: `Game ${nodeId}`,
    displayName: `Game ${nodeId}`,
    group: null,
    minBetMinor: '100',
    lines: 20,
    popularity: 1,
    maintenance: false,
    launchable: true,
    ...overrides,
  };
}

export const vendorFixture = (code: string): LobbyVendor => ({
  code,
  name: `${code} Gaming`,
  status: 'ACTIVE',
  gameCount: 10,
  launchableCount: 10,
  logoUrl: `/wps/games/vendor-logo/${code}.svg`,
});

export const pageOf = (content: GameItem[]) => ({
  content,
  pageNum: 1,
  pageSize: 20,
  totalElements: content.length,
  totalPages: 1,
});
