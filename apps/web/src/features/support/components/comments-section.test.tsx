import type { SupportComment } from '@dental/contract';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { setLanguage } from '../../../lib/i18n';
import { CommentsSection } from './comments-section';

const comment = (patch: Partial<SupportComment>): SupportComment => ({
  id: 1, authorName: 'Owner', fromProvider: false, body: 'Body', createdAt: '2026-01-01T10:00:00Z', isMine: false,
  canDelete: false, ...patch,
});

beforeEach(() => setLanguage('en'));
afterEach(cleanup);

describe('comments of a feature request', () => {
  it("names the own clinic's authors; another clinic's author (no name from the server) is 'a user of another clinic'", async () => {
    render(
      <AppProviders>
        <CommentsSection
          requestId={1}
          comments={[comment({ id: 1, body: 'Ours' }), comment({ id: 2, authorName: null, body: 'Theirs' })]}
        />
      </AppProviders>,
    );
    expect(await screen.findByText('Owner')).toBeTruthy();
    expect(screen.getByText('A user of another clinic')).toBeTruthy();
  });
});
