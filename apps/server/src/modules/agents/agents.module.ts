import type { FastifyInstance } from 'fastify';
import type { AuthGuards } from '../../platform/auth.ts';
import type { OperatorGuards } from '../operators/operator-guards.ts';
import { agentOpsRoutes } from './agent-ops.routes.ts';
import { createAgentOps } from './agent-ops.ts';
import { agentRoutes } from './agents.routes.ts';
import { type AgentsDeps, createAgentsService } from './agents.service.ts';

/** The agent centre (downlines, reports) and the operators' agent calls. */
export async function registerAgents(
  app: FastifyInstance,
  deps: AgentsDeps & { guards: AuthGuards; operatorGuards: OperatorGuards },
): Promise<void> {
  const { guards, operatorGuards, ...agentsDeps } = deps;
  const agents = createAgentsService(agentsDeps);
  await app.register(agentRoutes, { agents, guards });
  await app.register(agentOpsRoutes, {
    ops: createAgentOps({ db: agentsDeps.db, gmtOffset: () => agentsDeps.site().gmtOffset }),
    agents,
    operatorGuards,
  });
}
