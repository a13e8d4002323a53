import { parentPort, workerData } from 'node:worker_threads';
import { createRoundRng } from '@fortuna/signing/provably-fair-rng';
import { slotGameOf } from './slot-catalogue.ts';
import { playRound } from './slot-engine.ts';

export interface SimulationTally {
  rounds: number;
  /** Σ return and Σ return², a round's return being its win over its bet. */
  sum: number;
  sumOfSquares: number;
  triggers: number;
}

/**
 * Plays `rounds` real rounds of a game, exactly as a player would (the provably fair stream, one
 * nonce per round, the smallest bet), and tallies their returns.
 */
export function simulateRounds(
  gameCode: string,
  rounds: number,
  serverSeed: string,
  clientSeed: string,
): SimulationTally {
  const game = slotGameOf(gameCode);
  if (!game) throw new Error(`unknown game ${gameCode}`);
  const bet = game.betsMinor[0] as number;
  const tally: SimulationTally = { rounds, sum: 0, sumOfSquares: 0, triggers: 0 };
  for (let nonce = 0; nonce < rounds; nonce += 1) {
    const round = playRound(game, createRoundRng(serverSeed, clientSeed, nonce), bet);
    const ret = round.winMinor / bet;
    tally.sum += ret;
    tally.sumOfSquares += ret * ret;
    if (round.freeSpins.length > 0) tally.triggers += 1;
  }
  return tally;
}

// Run as a worker thread by rtp.simulation.test.ts.
if (parentPort && workerData?.gameCode) {
  const { gameCode, rounds, serverSeed, clientSeed } = workerData as {
    gameCode: string;
    rounds: number;
    serverSeed: string;
    clientSeed: string;
  };
  parentPort.postMessage(simulateRounds(gameCode, rounds, serverSeed, clientSeed));
}
