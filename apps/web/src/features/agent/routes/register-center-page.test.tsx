import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n/i18n.ts';
import { failAnswer, okAnswer } from '../../../test/fake-api.ts';
import { agentFixture, logInAs } from '../../../test/member-fixture.ts';
import { renderMemberPage } from '../../../test/render-member-page.tsx';
import { AgentPaths, agentApi, downline, endAgentTest, openAgentPage } from '../agent.test-helpers.tsx';
import { RegisterCenterPage } from './register-center-page.tsx';

const invitation = {
  affiliateCode: 'AG7K2Q',
  links: [
    { domain: 'fortuna.example', registerUrl: 'https://fortuna.example/register?affiliateCode=AG7K2Q' },
    { domain: 'play.example', registerUrl: 'https://play.example/register?affiliateCode=AG7K2Q' },
  ],
};
const created = {
  ...downline,
  username: 'newplayer1',
  directCount: 0,
  teamCount: 0,
  mustChangePassword: true,
};

function routes(create = () => okAnswer(created)) {
  return agentApi({
    [`GET ${AgentPaths.invitation}`]: () => okAnswer(invitation),
    [`POST ${AgentPaths.downlines}`]: create,
  });
}

function fill(values: { username?: string; password?: string; confirmPassword?: string }) {
  const form = screen.getByTestId('create-downline-form');
  for (const [name, value] of Object.entries(values))
    fireEvent.change(form.querySelector(`[name="${name}"]`) as Element, { target: { value } });
  return form;
}

describe('register centre (spec 2.7 registerCenter)', () => {
  afterEach(endAgentTest);

  it('when the agent creates a downline, then the body is sent, it says the first password must be changed and the form clears', async () => {
    const api = routes();
    openAgentPage(<RegisterCenterPage />);
    const form = fill({ username: 'NewPlayer1', password: 'Tiger7Lamp', confirmPassword: 'Tiger7Lamp' });
    fireEvent.submit(form);
    expect((await screen.findByTestId('downline-created')).textContent).toBe(
      'Account newplayer1 created. Give it the password you chose; it must change it at its first login.',
    );
    expect(api.callsTo('POST', AgentPaths.downlines)[0]?.body).toEqual({
      username: 'NewPlayer1',
      password: 'Tiger7Lamp',
      confirmPassword: 'Tiger7Lamp',
      type: 0,
    });
    expect((form.querySelector('[name="username"]') as HTMLInputElement).value).toBe('');
  });

  it('when the fields break the rules, then each says why beneath it and nothing is sent', async () => {
    const api = routes();
    openAgentPage(<RegisterCenterPage />);
    fireEvent.submit(fill({ username: '9lives', password: 'short1', confirmPassword: 'other' }));
    expect((await screen.findByTestId('field-error-username')).textContent).toBe(
      'Must start with a letter and contain only letters and digits',
    );
    expect(screen.getByTestId('field-error-password').textContent).toBe('Must be 8 to 64 characters');
    expect(screen.getByTestId('field-error-confirmPassword').textContent).toBe(
      'Incorrect confirmation input',
    );
    fireEvent.submit(
      fill({ username: 'newplayer1', password: 'newplayer1x', confirmPassword: 'newplayer1x' }),
    );
    expect((await screen.findByTestId('field-error-password')).textContent).toBe(
      'The password must not contain the username',
    );
    expect(api.callsTo('POST', AgentPaths.downlines)).toHaveLength(0);
  });

  it('when the username is taken, then the server says so beneath the username', async () => {
    routes(() => failAnswer(409, 'USERNAME_TAKEN', 'This username is already registered', null));
    openAgentPage(<RegisterCenterPage />);
    fireEvent.submit(fill({ username: 'player31', password: 'Tiger7Lamp', confirmPassword: 'Tiger7Lamp' }));
    expect((await screen.findByTestId('field-error-username')).textContent).toBe(
      'This username is already registered',
    );
    expect(screen.queryByTestId('downline-created')).toBeNull();
  });

  const typeOptions = () =>
    within(screen.getByLabelText('Account type'))
      .getAllByRole('option')
      .map((option) => option.textContent);

  it('when an agent of type 2 opens it, then only members and agents of type 2 are offered', () => {
    routes();
    logInAs(agentFixture({ type: 2 }));
    renderMemberPage(<RegisterCenterPage />);
    expect(typeOptions()).toEqual(['Member', 'Agent (type 2)']);
  });

  it('when an agent of type 1 opens it, then agents of types 1 and 2 are offered besides members', () => {
    routes();
    openAgentPage(<RegisterCenterPage />);
    expect(typeOptions()).toEqual(['Member', 'Agent (type 1)', 'Agent (type 2)']);
  });

  it('when the invitation arrives, then the affiliate code and each domain link show with its QR code', async () => {
    routes();
    openAgentPage(<RegisterCenterPage />);
    expect((await screen.findByTestId('affiliate-code')).textContent).toBe('AG7K2Q');
    const links = screen.getAllByTestId('invitation-link');
    expect(links.map((link) => within(link).getByRole('link').getAttribute('href'))).toEqual(
      invitation.links.map((link) => link.registerUrl),
    );
    await vi.waitFor(() => expect(screen.getAllByTestId('qr-image')).toHaveLength(2));
    expect(screen.getAllByTestId('qr-image')[0]?.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  });
});
