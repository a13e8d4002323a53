import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onSessionDied, reportDeadToken, whileTokenIsReplaced } from './dead-session.ts';
import { useSession } from './session-store.ts';

describe('a session the server ended', () => {
  beforeEach(() => useSession.getState().startSession('token-a'));
  afterEach(() => useSession.getState().endSession());

  it('when a call with this tab’s token is refused, then the session ends here and listeners hear it', () => {
    const heard = vi.fn();
    const stop = onSessionDied(heard);
    reportDeadToken('token-a');
    stop();
    expect(useSession.getState().isLogin).toBe(false);
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(heard).toHaveBeenCalledOnce();
  });

  it('when the refused token is no longer this tab’s (a new login raced it), then the new session stays', () => {
    const heard = vi.fn();
    const stop = onSessionDied(heard);
    useSession.getState().startSession('token-b');
    reportDeadToken('token-a');
    stop();
    expect(useSession.getState().isLogin).toBe(true);
    expect(sessionStorage.getItem('token')).toBe('token-b');
    expect(heard).not.toHaveBeenCalled();
  });

  it('when a listener has stopped listening, then it is not called', () => {
    const heard = vi.fn();
    onSessionDied(heard)();
    reportDeadToken('token-a');
    expect(heard).not.toHaveBeenCalled();
  });

  it('when the server ends the old token while a password change is answering, then the new session stays and nobody hears of it', async () => {
    const heard = vi.fn();
    const stop = onSessionDied(heard);
    await whileTokenIsReplaced('token-a', async () => {
      reportDeadToken('token-a');
      expect(useSession.getState().isLogin).toBe(true);
      useSession.getState().startSession('token-b');
    });
    stop();
    expect(useSession.getState().token).toBe('token-b');
    expect(heard).not.toHaveBeenCalled();
  });

  it('when the replacing call fails after the old token was ended, then the session ends once it has answered', async () => {
    const heard = vi.fn();
    const stop = onSessionDied(heard);
    const failing = whileTokenIsReplaced('token-a', async () => {
      reportDeadToken('token-a');
      throw new Error('refused');
    });
    await expect(failing).rejects.toThrow('refused');
    stop();
    expect(useSession.getState().isLogin).toBe(false);
    expect(heard).toHaveBeenCalledOnce();
  });

  it('when the replacing call fails and nothing ended the old token, then the session stays', async () => {
    await expect(
      whileTokenIsReplaced('token-a', async () => {
        throw new Error('wrong old password');
      }),
    ).rejects.toThrow();
    expect(useSession.getState().token).toBe('token-a');
  });
});
