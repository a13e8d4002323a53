import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import '../../i18n/i18n.ts';
import { useSession } from '../../shared/session/session-store.ts';
import { usePopups } from '../../shared/state/popups.ts';
import { fakeApi, okAnswer } from '../../test/fake-api.ts';
import { loginValueFixture, memberFixture } from '../../test/member-fixture.ts';
import { permissionWithModules } from '../../test/permission-fixture.ts';
import { renderInLobby } from '../../test/render-in-lobby.tsx';
import { type CompleteLogin, useCompleteLogin } from './complete-login.ts';

function mount(flags: string[] = []) {
  const permission = permissionWithModules(...flags);
  let complete: CompleteLogin | undefined;
  function Probe() {
    complete = useCompleteLogin();
    return null;
  }
  const { router } = renderInLobby(<Probe />, { path: '/somewhere', permission });
  return { router, complete: (...args: Parameters<CompleteLogin>) => (complete as CompleteLogin)(...args) };
}

describe('completing a login (spec 4.2 steps 3–6)', () => {
  afterEach(() => {
    act(() => {
      useSession.getState().endSession();
      usePopups.getState().close();
    });
  });

  it('when the login succeeds, then token, user info and member info are kept and the member goes home', async () => {
    fakeApi({ 'GET /wps/member/info': () => okAnswer(memberFixture()) });
    const { complete, router } = mount();
    await act(() => complete(loginValueFixture(), { type: 'username', page: 'lobby' }));
    expect(sessionStorage.getItem('token')).toBe('fresh-token');
    const session = useSession.getState();
    expect(session.userInfo?.userName).toBe('player01');
    expect(session.memberInfo?.nickname).toBe('Lucky');
    expect(session.loginType).toBe('username');
    expect(router.state.location.pathname).toBe('/');
  });

  it('when the password is the default and forced change is on, then the change-password popup opens forced', async () => {
    fakeApi({ 'GET /wps/member/info': () => okAnswer(memberFixture()) });
    const { complete, router } = mount(['FORCECHGPWD3']);
    await act(() =>
      complete(loginValueFixture({ passwordIsDefault: true }), { type: 'username', page: 'lobby' }),
    );
    expect(usePopups.getState()).toMatchObject({ open: 'changePassword', forced: true });
    expect(router.state.location.pathname).toBe('/somewhere');
  });

  it('when the default password logs in by SMS, then no change is forced and the member goes home', async () => {
    fakeApi({ 'GET /wps/member/info': () => okAnswer(memberFixture()) });
    const { complete, router } = mount(['FORCECHGPWD3']);
    await act(() => complete(loginValueFixture({ passwordIsDefault: true }), { type: 'sms', page: 'lobby' }));
    expect(usePopups.getState().open).toBeNull();
    expect(router.state.location.pathname).toBe('/');
  });

  it('when the password is default but forced change is off, then nothing is forced', async () => {
    fakeApi({ 'GET /wps/member/info': () => okAnswer(memberFixture()) });
    const { complete } = mount();
    await act(() =>
      complete(loginValueFixture({ passwordIsDefault: true }), { type: 'username', page: 'lobby' }),
    );
    expect(usePopups.getState().open).toBeNull();
  });

  it('when the password has expired and expiry is on, then the change is forced', async () => {
    fakeApi({ 'GET /wps/member/info': () => okAnswer(memberFixture()) });
    const { complete } = mount(['PWDEXPIRY3']);
    await act(() =>
      complete(loginValueFixture({ passwordExpired: true }), { type: 'username', page: 'lobby' }),
    );
    expect(usePopups.getState()).toMatchObject({ open: 'changePassword', forced: true });
  });

  it('when the password was chosen by the agent (expired with expiry off), then the change is still forced', async () => {
    fakeApi({ 'GET /wps/member/info': () => okAnswer(memberFixture()) });
    const { complete, router } = mount();
    await act(() =>
      complete(loginValueFixture({ passwordExpired: true }), { type: 'username', page: 'lobby' }),
    );
    expect(usePopups.getState()).toMatchObject({ open: 'changePassword', forced: true });
    expect(router.state.location.pathname).toBe('/somewhere');
  });

  it('when it is the first login, then the first-login action runs', async () => {
    const api = fakeApi({
      'GET /wps/member/info': () => okAnswer(memberFixture({ firstTimeLogin: true })),
      'POST /wps/member/firstLogin': () => okAnswer({ firstTimeLogin: false }),
    });
    const { complete } = mount();
    await act(() =>
      complete(loginValueFixture({ firstTimeLogin: true }), { type: 'register', page: 'lobby' }),
    );
    expect(api.callsTo('POST', '/wps/member/firstLogin')).toHaveLength(1);
  });

  it('when an agent logs in on the agent page, then the agent centre opens', async () => {
    fakeApi({ 'GET /wps/member/info': () => okAnswer(memberFixture({ type: 1, isAgent: true })) });
    const { complete, router } = mount();
    await act(() => complete(loginValueFixture(), { type: 'username', page: 'agent' }));
    expect(useSession.getState().isAgent).toBe(true);
    expect(router.state.location.pathname).toBe('/agentHome');
  });

  it('when an agent logs in on the agent page with a password its upline chose, then the forced change leads on to the agent centre', async () => {
    fakeApi({ 'GET /wps/member/info': () => okAnswer(memberFixture({ type: 2, isAgent: true })) });
    const { complete, router } = mount();
    await act(() =>
      complete(loginValueFixture({ passwordExpired: true }), { type: 'username', page: 'agent' }),
    );
    expect(usePopups.getState()).toMatchObject({ open: 'changePassword', forced: true, next: '/agentHome' });
    expect(router.state.location.pathname).toBe('/somewhere');
  });

  it('when a player gets through on the agent page, then the session ends at once and the login is refused', async () => {
    const api = fakeApi({
      'GET /wps/member/info': () => okAnswer(memberFixture()),
      'DELETE /wps/session/logout': () => okAnswer({ loggedOut: true }),
    });
    const { complete, router } = mount();
    await expect(complete(loginValueFixture(), { type: 'username', page: 'agent' })).rejects.toMatchObject({
      code: 'NON_AGENT_LOGIN',
    });
    expect(api.callsTo('DELETE', '/wps/session/logout')).toHaveLength(1);
    expect(useSession.getState().isLogin).toBe(false);
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(router.state.location.pathname).toBe('/somewhere');
  });
});
