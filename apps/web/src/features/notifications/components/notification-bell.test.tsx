import type { NotificationItem } from '@dental/contract';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { queryClient } from '../../../app/query-client';
import { setLanguage } from '../../../lib/i18n';
import { signedInWithFetch } from '../../../test/signed-in';
import { NotificationBell } from './notification-bell';

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
const booking: NotificationItem = {
  id: 7, kind: 'appointment_booked_online', isRead: false, createdAt: minutesAgo(5),
  params: { patient: 'Mona Adel', date: '2030-03-02', time: '10:00', branch: 'Main' }, route: '/?date=2030-03-02&appointment=41',
};
const overdue: NotificationItem = { id: 3, kind: 'lab_orders_overdue', isRead: true, createdAt: minutesAgo(60 * 26), params: { count: 2 }, route: '/LabsOrders' };

let items: NotificationItem[] = [];
const posted: { url: string; body: unknown; method: string }[] = [];
const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
  const method = init?.method ?? 'GET';
  if (method !== 'GET') posted.push({ url, method, body: JSON.parse(String(init?.body ?? '{}')) });
  const body = url.startsWith('/api/Notification/GetNotifications')
    ? (() => {
        const pageSize = Number(new URL(url, 'http://x').searchParams.get('pageSize'));
        return { items: items.slice(0, pageSize), total: items.length, page: 1, pageSize, unread: items.filter((i) => !i.isRead).length };
      })()
    : { count: 1 };
  return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
});

function Where() {
  const location = useLocation();
  return <div data-testid="where">{location.pathname + location.search}</div>;
}
const mount = () =>
  render(
    <AppProviders>
      <MemoryRouter initialEntries={['/Patients']}>
        <NotificationBell />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
const count = () => screen.getByTestId('notification-bell').querySelector('.ant-badge-count')?.textContent ?? null;

signedInWithFetch(fetchMock);
beforeEach(() => {
  items = [booking, overdue];
  posted.length = 0;
});

describe('the notification bell', () => {
  it('shows the unread count and follows a refetch (the live event) at once', async () => {
    mount();
    await waitFor(() => expect(count()).toBe('1'));
    expect(screen.getByTestId('notification-bell').getAttribute('aria-label')).toBe('Notifications, 1 unread');
    items = [{ ...booking, id: 8 }, booking, overdue];
    await act(() => queryClient.invalidateQueries({ queryKey: ['Notification'] }));
    await waitFor(() => expect(count()).toBe('2'));
  });

  it('lists newest first in the reader’s language with relative times; opening an item marks it read and goes to its route', async () => {
    mount();
    await waitFor(() => expect(count()).toBe('1'));
    fireEvent.click(screen.getByTestId('notification-bell'));
    const rows = await screen.findAllByTestId('notification-item');
    expect(rows.map((r) => r.dataset.kind)).toEqual(['appointment_booked_online', 'lab_orders_overdue']);
    expect(rows[0]!.textContent).toContain('New online booking');
    expect(rows[0]!.textContent).toContain('Mona Adel booked 02/03/2030 at 10:00, Main branch');
    expect(rows[0]!.textContent).toContain('5 minutes ago');
    expect(rows[1]!.textContent).toContain('yesterday');
    fireEvent.click(rows[0]!.querySelector('.notification-open')!);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/?date=2030-03-02&appointment=41'));
    expect(posted).toContainEqual({ url: '/api/Notification/UpdateNotificationStatus', method: 'POST', body: { notificationId: 7, isRead: true } });
  });

  it('marks all read, deletes after a confirmation, and shows the empty state', async () => {
    mount();
    await waitFor(() => expect(count()).toBe('1'));
    fireEvent.click(screen.getByTestId('notification-bell'));
    await screen.findAllByTestId('notification-item');
    fireEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(posted).toContainEqual({ url: '/api/Notification/UpdateNotificationStatus', method: 'POST', body: { all: true, isRead: true } }));
    fireEvent.click(screen.getAllByRole('button', { name: 'Delete' })[0]!);
    expect(posted.some((p) => p.method === 'DELETE')).toBe(false);
    await screen.findByText('Delete this notification?');
    items = [];
    fireEvent.click(screen.getAllByRole('button', { name: 'Delete' }).at(-1)!);
    await waitFor(() => expect(posted).toContainEqual({ url: '/api/Notification/DeleteNotification', method: 'DELETE', body: { ids: [7] } }));
    await screen.findByText('No notifications');
    expect(count()).toBe(null);
  });

  it('speaks Arabic', async () => {
    await setLanguage('ar');
    mount();
    await waitFor(() => expect(count()).toBe('1'));
    fireEvent.click(screen.getByTestId('notification-bell'));
    const rows = await screen.findAllByTestId('notification-item');
    expect(rows[0]!.textContent).toContain('حجز جديد عبر الإنترنت');
    expect(rows[0]!.textContent).toContain('قبل 5 دقائق');
  });

  it('loads more than the first 30 with "load more", then offers no more', async () => {
    items = Array.from({ length: 45 }, (_, i) => ({ ...overdue, id: 100 - i }));
    mount();
    fireEvent.click(screen.getByTestId('notification-bell'));
    const panel = await screen.findByTestId('notification-panel');
    await waitFor(() => expect(panel.querySelectorAll('.ant-list-item')).toHaveLength(30));
    fireEvent.click(within(panel).getByTestId('notification-more'));
    await waitFor(() => expect(panel.querySelectorAll('.ant-list-item')).toHaveLength(45));
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('pageSize=60'))).toBe(true);
    expect(within(panel).queryByTestId('notification-more')).toBeNull();
  });
});
