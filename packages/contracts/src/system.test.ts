import { describe, expect, it } from 'vitest';
import { isModuleEnabled, type WhitelabelNode } from './system.ts';

const node = (modId: string, enabled: string, childrenNodes: WhitelabelNode[] = []): WhitelabelNode => ({
  modId,
  enabled,
  childrenNodes,
});

describe('isModuleEnabled', () => {
  const tree = [
    node('REGISTER3', '1', [node('USERNAMEREG3', '1'), node('MOBILENUMREG3', '0')]),
    node('LOGIN3', '0', [node('VERCODELOGIN3', '1')]),
  ];

  it('when the module and its parents are enabled, then it is on', () => {
    expect(isModuleEnabled(tree, 'USERNAMEREG3')).toBe(true);
    expect(isModuleEnabled(tree, 'REGISTER3')).toBe(true);
  });

  it("when the module is not '1', then it is off", () => {
    expect(isModuleEnabled(tree, 'MOBILENUMREG3')).toBe(false);
  });

  it('when a parent is disabled, then its enabled children are off too', () => {
    expect(isModuleEnabled(tree, 'VERCODELOGIN3')).toBe(false);
  });

  it('when the module is not in the tree, then it is off', () => {
    expect(isModuleEnabled(tree, 'PTSYS3')).toBe(false);
  });
});
