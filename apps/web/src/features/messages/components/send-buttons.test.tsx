import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { signedInWithFetch } from '../../../test/signed-in';
import { SendButtons } from './send-buttons';

const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
  const body = url.startsWith('/api/Message/GetPatientMessaging') ? { patientId: 5, doNotMessage: false } : { outboxId: 9, status: 'queued' };
  return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
});

signedInWithFetch(fetchMock);

describe('the send buttons of a patient without an appointment', () => {
  it('send an SMS about the patient (payment due first)', async () => {
    render(
      <AppProviders>
        <SendButtons patientId={5} mobile="+201001234567" />
      </AppProviders>,
    );
    fireEvent.click(await screen.findByTestId('send-sms'));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/SMSMessage/SendSMSMessageManual'))).toBe(true));
    const url = new URL(String(fetchMock.mock.calls.find(([u]) => String(u).startsWith('/api/SMSMessage'))![0]), 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({ patientId: '5', type: 'MT5' });
  });
});
