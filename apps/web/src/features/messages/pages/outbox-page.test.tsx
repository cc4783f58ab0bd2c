import type { OutboxItem } from '@dental/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { signedInWithFetch } from '../../../test/signed-in';
import OutboxPage from './outbox-page';

const row = (over: Partial<OutboxItem>): OutboxItem => ({
  id: 1, createdAt: '2030-01-06T10:00:00Z', patientId: 5, patientName: 'Sara Ahmed', appointmentId: 7, type: 'MT2', channel: 'sms',
  to: '+201001234567', text: 'Reminder Sara', status: 'queued', attempts: 0, provider: null, providerAnswer: null, sentAt: null, nextAttemptAt: null,
  ...over,
});
const ITEMS = [
  row({ id: 3 }),
  row({ id: 2, patientName: 'Omar Said', status: 'skipped', providerAnswer: 'message_do_not_message' }),
  row({ id: 1, patientName: 'Mona Ali', status: 'failed', attempts: 5, provider: 'twilio', providerAnswer: 'Invalid To number' }),
];

let outboxStatus = 200;
const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
  if (url.startsWith('/api/Message/GetOutbox'))
    return new Response(JSON.stringify(outboxStatus === 200 ? { items: ITEMS, total: 3, page: 1, pageSize: 30 } : { code: 'internal', message: 'x' }), {
      status: outboxStatus, headers: { 'Content-Type': 'application/json' },
    });
  return new Response(JSON.stringify({ ok: true }), { status: 200, headers: { 'Content-Type': 'application/json' } });
});
const outboxCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/Message/GetOutbox')).length;

const mount = () =>
  render(
    <AppProviders>
      <MemoryRouter>
        <OutboxPage />
      </MemoryRouter>
    </AppProviders>,
  );

signedInWithFetch(fetchMock);

describe('the message outbox page', () => {
  it('lists every message with its status and attempts; failed and skipped ones can be sent again, and the list is read again', async () => {
    outboxStatus = 200;
    mount();
    await waitFor(() => expect(screen.getAllByTestId('outbox-status').map((t) => t.textContent)).toEqual(['Queued', 'Skipped', 'Failed']));
    expect(screen.getByText('Queued messages go out through the SMS provider. Without a provider configured they stay queued.')).toBeTruthy();
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows[2]!.textContent).toContain('Attempts: 5');
    expect(within(rows[0]!).queryByRole('button', { name: /Send again/ })).toBeNull();
    const before = outboxCalls();
    fireEvent.click(within(rows[2]!).getByRole('button', { name: /Send again/ }));
    await waitFor(() => {
      const retry = fetchMock.mock.calls.find(([url]) => String(url).startsWith('/api/Message/RetryOutboxMessage'));
      expect(JSON.parse(String(retry?.[1]?.body))).toEqual({ id: 1 });
    });
    // the list is read again after the retry
    await waitFor(() => expect(outboxCalls()).toBeGreaterThan(before));
  });

  it('says so when the outbox cannot be read, with a reload', async () => {
    outboxStatus = 500;
    mount();
    expect(await screen.findByText(/went wrong|could not|error/i)).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /Reload/ }).length).toBe(2);
  });
});
