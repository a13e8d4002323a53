import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/i18n.ts';
import { useSession } from '../shared/session/session-store.ts';
import { failAnswer, fakeApi, okAnswer } from '../test/fake-api.ts';
import { agentFixture, logInAs, loginValueFixture } from '../test/member-fixture.ts';
import { renderInLobby } from '../test/render-in-lobby.tsx';
import { AgentLandingRoute } from './agent-landing-route.tsx';

vi.mock('../shared/verification/use-slider-ticket.tsx', () => ({
  useSliderTicket: (action: string) => ({ request: async () => `ticket-${action}`, dialog: null }),
}));

function logInWith(username: string) {
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Fortuna2026' } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

const agent = agentFixture({ nickname: 'Agent Maria' });

describe('agent landing (spec 2.1, 6)', () => {
  afterEach(() => act(() => useSession.getState().endSession()));

  it('when opened, then the agent login form shows without a remember-me box', () => {
    renderInLobby(<AgentLandingRoute />, { path: '/agent' });
    expect(screen.getByRole('heading', { name: 'Agent log in' })).toBeTruthy();
    expect(screen.queryByLabelText('Remember me')).toBeNull();
  });

  it('when TY is chosen in the language picker, then the landing page turns to TY', async () => {
    renderInLobby(<AgentLandingRoute />, { path: '/agent' });
    fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'TY' } });
    expect(await screen.findByRole('heading', { name: 'Mag-log in bilang agent' })).toBeTruthy();
    await act(() => i18n.changeLanguage('EN'));
    localStorage.clear();
  });

  it('when an agent logs in, then the login is for the agent page and the agent centre opens', async () => {
    const api = fakeApi({
      'POST /wps/session/login': () =>
        okAnswer(
          loginValueFixture({
            token: 'agent-token',
            userInfo: { userName: 'agent01', nickname: 'Agent Maria', type: 1 },
          }),
        ),
      'GET /wps/member/info': () => okAnswer(agent),
    });
    const { router } = renderInLobby(<AgentLandingRoute />, { path: '/agent' });
    logInWith('agent01');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/agentHome'));
    expect(api.callsTo('POST', '/wps/session/login')[0]?.body).toMatchObject({ page: 'agent' });
  });

  it('when a player logs in here, then the page says non-agents cannot log in', async () => {
    fakeApi({
      'POST /wps/session/login': () => failAnswer(403, 'NON_AGENT_LOGIN', 'Non-agents cannot log in'),
    });
    renderInLobby(<AgentLandingRoute />, { path: '/agent' });
    logInWith('demo01');
    expect((await screen.findByRole('alert')).textContent).toBe('Non-agents cannot log in');
  });

  it('when an agent is already logged in, then the page offers the agent centre and signing out', () => {
    logInAs(agent, { token: 'agent-token' });
    renderInLobby(<AgentLandingRoute />, { path: '/agent' });
    expect(screen.getByRole('link', { name: 'Open the agent centre' }).getAttribute('href')).toBe(
      '/agentHome',
    );
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
    expect(screen.queryByLabelText('Username')).toBeNull();
  });
});
