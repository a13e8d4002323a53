// A worker thread has no TypeScript loader of its own: register tsx, then run the simulation.
import { register } from 'tsx/esm/api';

register();
await import('./rtp-simulation.ts');
