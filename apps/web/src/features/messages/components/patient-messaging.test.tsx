import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { clearSession, setSession } from '../../../lib/session';
import { testUser } from '../../../test/fixtures';
import { signedInWithFetch } from '../../../test/signed-in';
import { PatientMessaging } from './patient-messaging';

let doNotMessage = false;
const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
  if (url.startsWith('/api/Message/SetPatientMessaging')) doNotMessage = (JSON.parse(String(init?.body)) as { doNotMessage: boolean }).doNotMessage;
  const body = url.startsWith('/api/Message/') && url.includes('PatientMessaging') ? { patientId: 5, doNotMessage } : {};
  return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
});
const mount = () =>
  render(
    <AppProviders>
      <PatientMessaging patientId={5} mobile="+201001234567" />
    </AppProviders>,
  );
signedInWithFetch(fetchMock);

describe("the patient file's do-not-message mark", () => {
  it('who may edit the patient switches it: SetPatientMessaging, then the switch shows the saved state', async () => {
    doNotMessage = false;
    mount();
    const toggle = await screen.findByRole('switch', { name: 'Do not message' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(toggle);
    await waitFor(() => {
      const call = fetchMock.mock.calls.find(([url]) => String(url).startsWith('/api/Message/SetPatientMessaging'));
      expect(JSON.parse(String(call?.[1]?.body))).toEqual({ patientId: 5, doNotMessage: true });
    });
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Do not message' }).getAttribute('aria-checked')).toBe('true'));
  });

  it('anyone else sees a tag when the patient is marked, and no switch', async () => {
    doNotMessage = true;
    clearSession();
    setSession({ token: 't', expiredTokenDate: '2999-01-01T00:00:00Z', user: testUser({ permissions: ['scheduler_view_all', 'patient_list'] }), branchId: 3 });
    mount();
    expect(await screen.findByText('Do not message')).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
  });
});
