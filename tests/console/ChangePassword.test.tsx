import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { Right } from '../../domain/rights';
import { P1, P2, aProject, aViewer, memoryDataProvider, renderConsole } from './harness';

const viewer = aViewer({ projects: { [P1]: Right.PASS_READ, [P2]: 0 } });

async function openPasswordTab() {
  const data = memoryDataProvider({ project: [aProject(), aProject({ id: P2, name: 'Beta' })] });
  renderConsole({ path: '/user/detail', viewer, dataProvider: data.dataProvider });
  await userEvent.click(await screen.findByRole('tab', { name: 'Change password' }));
  return data.provider;
}

const fill = async (label: string, value: string) => {
  const input = screen.getByLabelText(label);
  await userEvent.clear(input);
  if (value) await userEvent.type(input, value);
};

describe('profile', () => {
  it('shows the display name and e-mail read-only, and the projects by name for a non-admin', async () => {
    const data = memoryDataProvider({ project: [aProject(), aProject({ id: P2, name: 'Beta' })] });
    renderConsole({ path: '/user/detail', viewer, dataProvider: data.dataProvider });
    const name = await screen.findByLabelText('Display name');
    expect(name).toHaveValue('Victor Viewer');
    expect(name).toHaveAttribute('readonly');
    expect(screen.getByLabelText('E-mail')).toHaveValue('viewer@example.com');
    expect(await screen.findByText('Acme')).toBeInTheDocument();
    expect(screen.getByText('Beta')).toBeInTheDocument();
    expect(screen.getByText('Read passes and reports')).toBeInTheDocument();
    expect(screen.getByText('Project access only')).toBeInTheDocument();
  });
});

describe('change password', () => {
  afterEach(() => jest.restoreAllMocks());

  it('requires the current password', async () => {
    const provider = await openPasswordTab();
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Current password cannot be empty.')).toBeInTheDocument();
    expect(provider.changeOwnPassword).not.toHaveBeenCalled();
  });

  it('wants at least 8 characters and both new entries equal', async () => {
    const provider = await openPasswordTab();
    await fill('Current password', 'Old-pass1');
    await fill('New password', 'Short1!');
    await fill('New password again', 'Other1!');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The new password must have at least 8 characters.')).toBeInTheDocument();
    expect(screen.getByText('New passwords are not match.')).toBeInTheDocument();
    expect(provider.changeOwnPassword).not.toHaveBeenCalled();
  });

  it('sends the current and the new password', async () => {
    const provider = await openPasswordTab();
    await fill('Current password', 'Old-pass1');
    await fill('New password', 'New-pass1!');
    await fill('New password again', 'New-pass1!');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    expect(provider.changeOwnPassword).toHaveBeenCalledWith('Old-pass1', 'New-pass1!');
    expect(screen.queryByText('New passwords are not match.')).not.toBeInTheDocument();
  });

  it('says the current password is not valid or the new one not secure when the server refuses', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined); // react-admin logs failed calls
    const provider = await openPasswordTab();
    provider.changeOwnPassword.mockRejectedValueOnce(new HttpError('bad', 400, {}));
    await fill('Current password', 'Wrong-pass1');
    await fill('New password', 'newpassword');
    await fill('New password again', 'newpassword');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(
      await screen.findByText('Your current password is not valid or new password is not secure...'),
    ).toBeInTheDocument();
  });

  it('says when to try again once the server refuses more guesses of the current password', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const provider = await openPasswordTab();
    const message = 'Too many wrong passwords. Try again in 840 seconds.';
    provider.changeOwnPassword.mockRejectedValueOnce(new HttpError(message, 429, { message }));
    await fill('Current password', 'Wrong-pass1');
    await fill('New password', 'New-pass1!');
    await fill('New password again', 'New-pass1!');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(
      screen.queryByText('Your current password is not valid or new password is not secure...'),
    ).toBeNull();
  });
});
