import crypto from 'node:crypto';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { UserAvatar } from '../../src/layout/UserAvatar';
import { aViewer, memoryDataProvider } from './harness';
import { withNodeSubtle } from './nodeSubtle';
import { renderInAdmin } from './renderInAdmin';

describe('user avatar', () => {
  withNodeSubtle();

  it('shows the initials under the Gravatar, asked with a default picture so that it never fails', async () => {
    const viewer = aViewer({ displayName: 'Jane Doe', email: ' Jane@Example.com ' });
    renderInAdmin(<UserAvatar />, { viewer, dataProvider: memoryDataProvider().dataProvider });
    expect(await screen.findByText('JD')).toBeInTheDocument();
    const hash = crypto.createHash('sha256').update('jane@example.com').digest('hex');
    const picture = await screen.findByRole('img', { name: 'Jane Doe' });
    expect(picture).toHaveAttribute('src', `https://www.gravatar.com/avatar/${hash}?d=blank&s=80`);
    // the initials stay beneath the (transparent, for someone without a Gravatar) picture
    expect(screen.getByText('JD')).toBeInTheDocument();
  });

  it('keeps only the initials when the picture cannot load (offline)', async () => {
    const viewer = aViewer({ displayName: 'Jane Doe', email: 'jane@example.com' });
    renderInAdmin(<UserAvatar />, { viewer, dataProvider: memoryDataProvider().dataProvider });
    const picture = await screen.findByRole('img', { name: 'Jane Doe' });
    fireEvent.error(picture);
    await waitFor(() => expect(screen.queryByRole('img', { name: 'Jane Doe' })).not.toBeInTheDocument());
    expect(screen.getByText('JD')).toBeInTheDocument();
  });
});
