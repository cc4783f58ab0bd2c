import { DEFAULT_MESSAGE_TEXTS, type MessageTypeItem, fillPlaceholders, smsLength } from '@dental/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { testUser } from '../../../test/fixtures';
import { signedInWithFetch } from '../../../test/signed-in';
import { sampleValues } from '../sample';
import EditMessageTypePage from './edit-message-type-page';

const REMINDER: MessageTypeItem = {
  type: 'MT2',
  texts: structuredClone(DEFAULT_MESSAGE_TEXTS.MT2),
  defaultLang: 'ar',
  autoSend: true,
  sendHour: 10,
  hourBefore: false,
  builtIn: true,
  updatedAt: null,
};

const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
  const body = url.startsWith('/api/MessageType/GetMessageType') ? REMINDER : url.includes('GetPatientMessaging') ? {} : { ok: true };
  return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
});

const mount = () =>
  render(
    <AppProviders>
      <MemoryRouter initialEntries={['/AddEditMessageType/MT2']}>
        <Routes>
          <Route path="/AddEditMessageType/:ID?" element={<EditMessageTypePage />} />
          <Route path="/Messages" element={<p>list</p>} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
const area = (id: string) => screen.getByTestId(id) as HTMLTextAreaElement;
const saves = () => fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/MessageType/SaveMessageType'));

signedInWithFetch(fetchMock);

describe('the message template editor', () => {
  it('previews the Arabic SMS with the sample patient (UCS-2 count), and a placeholder chip inserts at the cursor', async () => {
    mount();
    await waitFor(() => expect(area('text-sms-ar').value).toBe(REMINDER.texts.sms.ar));
    const filled = fillPlaceholders(REMINDER.texts.sms.ar, sampleValues('ar', testUser()));
    // the preview reads the form through Form.useWatch, a render after the field: under load the first look can be early
    await waitFor(() => expect(screen.getByTestId('preview-sms').textContent).toBe(filled));
    const count = smsLength(filled);
    expect(count.encoding).toBe('UCS-2');
    expect(screen.getByTestId('preview-sms-count').textContent).toContain(`${count.length} characters · ${count.segments} SMS · UCS-2`);
    expect(area('text-sms-ar').getAttribute('dir')).toBe('rtl');

    const sms = area('text-sms-ar');
    fireEvent.change(sms, { target: { value: 'AB' } });
    sms.focus();
    sms.setSelectionRange(1, 1);
    fireEvent.select(sms);
    fireEvent.click(screen.getByRole('button', { name: 'Doctor' }));
    await waitFor(() => expect(area('text-sms-ar').value).toBe('A{doctor}B'));
    await waitFor(() => expect(screen.getByTestId('preview-sms').textContent).toBe('Aد. كريم نبيلB'));
  });

  it('flags an unknown placeholder before saving, then saves the corrected texts and settings', async () => {
    mount();
    await waitFor(() => expect(area('text-sms-ar').value).toBe(REMINDER.texts.sms.ar));
    fireEvent.change(area('text-sms-ar'), { target: { value: 'Hello {patientName}, you owe {amountDue} {foo}' } });
    expect(await screen.findByText('Placeholders this type does not know: {amountDue}, {foo}')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(screen.getAllByText('Placeholders this type does not know: {amountDue}, {foo}').length).toBeGreaterThan(0));
    expect(saves()).toHaveLength(0);

    fireEvent.change(area('text-sms-ar'), { target: { value: 'تذكير {patientName} {date} {time}' } });
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    const body = JSON.parse(String(saves()[0]![1]?.body)) as Record<string, unknown>;
    expect(body).toMatchObject({ type: 'MT2', defaultLang: 'ar', autoSend: true, sendHour: 10, hourBefore: false });
    expect((body.texts as MessageTypeItem['texts']).sms.ar).toBe('تذكير {patientName} {date} {time}');
    expect(await screen.findByText('list')).toBeTruthy();
  });
});
