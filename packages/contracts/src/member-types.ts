/** Account types of spec 4.3: agents (promoters) and trial (demo) users. */
export const AGENT_MEMBER_TYPES = [1, 2, 41, 42] as const;
export const TRIAL_MEMBER_TYPE = 4;
export const PLAYER_MEMBER_TYPE = 0;

export function isAgentType(type: number): boolean {
  return (AGENT_MEMBER_TYPES as readonly number[]).includes(type);
}

export function isTrialType(type: number): boolean {
  return type === TRIAL_MEMBER_TYPE;
}
