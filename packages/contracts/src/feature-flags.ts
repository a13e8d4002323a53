/**
 * Feature flags of spec 6. They are modules of the whitelabel tree (modId, enabled '1'):
 * a flag is on when its node and every ancestor are enabled.
 */
export const FeatureFlags = {
  USERNAMEREG3: 'Registration by username',
  MOBILENUMREG3: 'Registration by mobile number',
  MOBILENUMPASSREG3: 'Mobile registration asks for a password',
  REGMOBVERF3: 'Registration requires SMS verification of the mobile number',
  VERCODELOGIN3: 'Login with mobile number and SMS code',
  FREEPLAY3: 'Free-play (trial) login',
  GOOGLELOGIN3: 'One-click login with Google',
  FBLOGIN3: 'One-click login with Facebook',
  FORCECHGPWD3: 'Forced password change on the default password',
  PWDEXPIRY3: 'Passwords expire',
  CHNGPASSVERIF3: 'Forgot password by phone instead of e-mail',
  PHONEVERSVC3: 'SMS through the phone-verification service',
  PTSYS3: 'Points mall',
  MANPLAYREB3: 'Manual rebate',
  AGENTPOLICY3: 'Agent policy: consolidated contract call',
  // Contract types, each below AGENTPOLICY3 in the tree (agent-contracts.ts CONTRACT_TYPE_FLAGS).
  CTDIVIDEND3: 'Agent contracts: dividend',
  CTDAILYSALARY3: 'Agent contracts: daily salary',
  CTHOURSALARY3: 'Agent contracts: hourly salary',
  CTRTSALARY3: 'Agent contracts: real-time salary',
} as const;

export type FeatureFlag = keyof typeof FeatureFlags;
export const FEATURE_FLAG_NAMES = Object.keys(FeatureFlags) as FeatureFlag[];
