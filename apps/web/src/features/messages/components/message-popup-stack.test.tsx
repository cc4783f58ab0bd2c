import type { DueMessageItem } from '@dental/contract';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { queryClient } from '../../../app/query-client';
import { clearSession, setSession } from '../../../lib/session';
import { testUser } from '../../../test/fixtures';
import { signedInWithFetch } from '../../../test/signed-in';
import type { ConnectHubOptions } from '../../../lib/realtime';
import { LiveConnection } from '../../../app/shell/live-connection';
import { MemoryRouter } from 'react-router';
import MessagePopupStack from './message-popup-stack';

/** The live connection's event handler, as LiveConnection opened it (no socket in jsdom). */
const hub = vi.hoisted(() => ({ onEvent: null as null | ConnectHubOptions['onEvent'] }));
vi.mock('../../../lib/realtime', async (original) => ({
  ...(await original<typeof import('../../../lib/realtime')>()),
  connectHub: (options: ConnectHubOptions) => {
    hub.onEvent = options.onEvent;
    return { close: () => undefined };
  },
}));

const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
const ITEMS: DueMessageItem[] = [
  { id: 11, groupName: 'appointment', subGroupName: 'MT2', timeout: 25, patientId: 5, patientName: 'Sara Ahmed', mobile: '+201001234567', startsAt: tomorrow, doctorName: 'Dr. Karim Nabil' },
  { id: 5, groupName: 'birthday', subGroupName: 'MT3', timeout: null, patientId: 6, patientName: 'Omar Said', mobile: '+201112223334', startsAt: null, doctorName: null },
];
const LINK = 'https://wa.me/201001234567?text=Hello%20Sara';

let items = ITEMS;
const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
  const body = url.startsWith('/api/Message/GetDueMessages')
    ? { items }
    : url.startsWith('/api/Message/GetMessageContent')
      ? { mobile: '+201001234567', message: 'Hello Sara', lang: 'en', link: LINK, outboxId: 1 }
      : url.startsWith('/api/Lookups/SaveMessages')
        ? { outboxIds: [2] }
        : {};
  return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
});

const mount = () =>
  render(
    <AppProviders>
      <MessagePopupStack />
    </AppProviders>,
  );
const popups = () => screen.queryAllByTestId('message-popup');

signedInWithFetch(fetchMock, () => testUser({ showMessagePopup: true }));
beforeEach(() => {
  items = ITEMS;
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the message popup stack', () => {
  it('shows a popup per due message of the branch, with its countdown', async () => {
    mount();
    await waitFor(() => expect(popups()).toHaveLength(2));
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/Message/GetDueMessages?branchId=3');
    const [appointment, birthday] = popups();
    expect(appointment!.textContent).toContain('Appointment tomorrow');
    expect(appointment!.textContent).toContain('Sara Ahmed');
    expect(appointment!.textContent).toContain('Closes in 25 s');
    expect(birthday!.textContent).toContain('Birthday today');
    // a null timeout stays: no countdown
    expect(within(birthday!).queryByTestId('message-popup-countdown')).toBeNull();
  });

  it('closes a popup at the end of its countdown, keeps one that was clicked and one without a timeout', async () => {
    items = [ITEMS[0]!, { ...ITEMS[0]!, id: 12, patientName: 'Mona Ali', timeout: 3 }, ITEMS[1]!];
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    mount();
    await waitFor(() => expect(popups()).toHaveLength(3));
    fireEvent.pointerDown(popups()[0]!); // Sara's stops
    act(() => vi.advanceTimersByTime(3000));
    await waitFor(() => expect(popups()).toHaveLength(2)); // Mona's closed at 0
    expect(popups().map((p) => p.textContent).join()).not.toContain('Mona Ali');
    act(() => vi.advanceTimersByTime(60_000));
    expect(popups()).toHaveLength(2);
    expect(within(popups()[0]!).queryByTestId('message-popup-countdown')).toBeNull();
  });

  it('WhatsApp fills the message on the server, opens the wa.me link in a new tab and closes the popup for the day', async () => {
    const tab = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
    const open = vi.fn(() => tab);
    vi.stubGlobal('open', open);
    mount();
    await waitFor(() => expect(popups()).toHaveLength(2));
    fireEvent.click(within(popups()[0]!).getByRole('button', { name: /WhatsApp/ }));
    await waitFor(() => expect(tab.location.href).toBe(LINK));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    const call = fetchMock.mock.calls.find(([url]) => String(url).startsWith('/api/Message/GetMessageContent'))!;
    expect(JSON.parse(String(call[1]?.body))).toEqual({ groupName: 'appointment', subGroupName: 'MT2', id: 11, type: 'whatsapp' });
    await waitFor(() => expect(popups()).toHaveLength(1));
    // the next poll still lists it (the server may not know yet): it stays closed on this device today (the other,
    // already seen, waits behind the minimised button)
    cleanup();
    mount();
    fireEvent.click(await screen.findByTestId('message-popup-expand'));
    expect(popups()).toHaveLength(1);
    expect(popups()[0]!.textContent).toContain('Omar Said');
  });

  it('"Already messaged" records the item as sent by hand (Lookups/SaveMessages) and closes its popup', async () => {
    mount();
    await waitFor(() => expect(popups()).toHaveLength(2));
    fireEvent.click(within(popups()[1]!).getByRole('button', { name: /Already messaged/ }));
    await waitFor(() => expect(popups()).toHaveLength(1));
    const call = fetchMock.mock.calls.find(([url]) => String(url).startsWith('/api/Lookups/SaveMessages'))!;
    expect(call[1]?.method).toBe('POST');
    expect(JSON.parse(String(call[1]?.body))).toEqual({ items: [{ groupName: 'birthday', subGroupName: 'MT3', id: 5, type: 'sms' }] });
    expect(popups()[0]!.textContent).toContain('Sara Ahmed');
  });

  it('offers SMS on the free tier only with the trial message', async () => {
    clearSession();
    setSession({ token: 't', expiredTokenDate: '2999-01-01T00:00:00Z', user: testUser({ showMessagePopup: true, subscriptionType: 'ST0' }), branchId: 3 });
    mount();
    await waitFor(() => expect(popups()).toHaveLength(2));
    const sms = within(popups()[0]!).getByRole('button', { name: /SMS/ }) as HTMLButtonElement;
    expect(sms.disabled).toBe(true);
  });

  it('shows nothing when the clinic turned the popups off', async () => {
    clearSession();
    setSession({ token: 't', expiredTokenDate: '2999-01-01T00:00:00Z', user: testUser({ showMessagePopup: false }), branchId: 3 });
    mount();
    await act(async () => undefined);
    expect(popups()).toHaveLength(0);
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('GetDueMessages'))).toBe(false);
  });

  it("asks again at once when the live connection says messages are due (the send hour came), not at the next poll", async () => {
    items = [];
    render(
      <AppProviders>
        <MemoryRouter>
          <LiveConnection />
          <MessagePopupStack />
        </MemoryRouter>
      </AppProviders>,
    );
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/Message/GetDueMessages'))).toBe(true));
    expect(popups()).toHaveLength(0);
    items = ITEMS;
    await waitFor(() => expect(hub.onEvent).not.toBeNull());
    act(() => hub.onEvent!({ type: 'MessagesDue' }));
    await waitFor(() => expect(popups()).toHaveLength(2));
  });

  it('does not stay over the page: minimised to a small button, and minimised by default once everything due was seen', async () => {
    const first = mount();
    await waitFor(() => expect(popups()).toHaveLength(2));
    fireEvent.click(screen.getByTestId('message-popup-minimise'));
    expect(popups()).toHaveLength(0);
    const expand = screen.getByTestId('message-popup-expand');
    expect(expand.getAttribute('aria-label')).toBe('2 messages due: show');
    fireEvent.click(expand);
    expect(popups()).toHaveLength(2);
    first.unmount();
    // the next page load (or the next session) of the same day: already seen, so only the button
    queryClient.clear();
    mount();
    await waitFor(() => expect(screen.getByTestId('message-popup-expand')).toBeTruthy());
    expect(popups()).toHaveLength(0);
    // a message not shown before opens the stack by itself
    items = [...ITEMS, { ...ITEMS[0]!, id: 12, patientName: 'Nour Hassan' }];
    await act(() => queryClient.invalidateQueries({ queryKey: ['Message'] }));
    await waitFor(() => expect(popups()).toHaveLength(3));
  });
});
