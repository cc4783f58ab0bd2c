import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BaseProviders } from 'app/base-providers';
import { setLanguage } from 'lib/i18n';
import { clearSession, getSession } from 'lib/session';
import { STORAGE_KEYS } from 'lib/storage';
import { testUser } from '../../../test/fixtures';
import LoginPage from './login-page';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
let fetchMock: ReturnType<typeof vi.fn>;

function renderLogin() {
  const router = createMemoryRouter(
    [
      { path: '/user/login/login', element: <LoginPage /> },
      { path: '*', element: <p>signed in</p> },
    ],
    { initialEntries: ['/user/login/login'] },
  );
  render(
    <BaseProviders>
      <RouterProvider router={router} />
    </BaseProviders>,
  );
}
const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Log in' }));

beforeEach(async () => {
  clearSession();
  window.localStorage.removeItem(STORAGE_KEYS.lastClinic);
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  await setLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('login page (plain form, issue 18)', () => {
  it('has labelled inputs with their autocomplete and no antd component', async () => {
    renderLogin();
    expect(screen.getByLabelText('Clinic name')).toHaveProperty('autocomplete', 'organization');
    expect(screen.getByLabelText('E-mail, user name or mobile')).toHaveProperty('autocomplete', 'username');
    expect(screen.getByLabelText('Password')).toHaveProperty('autocomplete', 'current-password');
    expect(document.querySelector('[class*="ant-"]')).toBeNull();
  });

  it('shows the contract’s messages on the empty fields, tied to them, and focuses the first', async () => {
    renderLogin();
    submit();
    const clinic = screen.getByLabelText('Clinic name');
    await waitFor(() => expect(clinic.getAttribute('aria-invalid')).toBe('true'));
    const message = document.getElementById(clinic.getAttribute('aria-describedby')!);
    expect(message?.textContent).toBe('This field is required');
    expect(document.activeElement).toBe(clinic);
    expect(fetchMock).not.toHaveBeenCalled();
    // checked again as it changes
    fill('Clinic name', 'demo');
    expect(clinic.getAttribute('aria-invalid')).toBeNull();
  });

  it('shows and hides the password', () => {
    renderLogin();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveProperty('type', 'password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveProperty('type', 'text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveProperty('type', 'password');
  });

  it('puts a 400’s field message on its field and any other refusal above the button', async () => {
    renderLogin();
    fill('Clinic name', 'demo');
    fill('E-mail, user name or mobile', 'owner');
    fill('Password', 'wrong');
    fetchMock.mockResolvedValueOnce(json(400, { code: 'x', message: 'Bad', errors: { Password: 'Wrong password' } }));
    submit();
    await screen.findByText('Wrong password');
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    fetchMock.mockResolvedValueOnce(json(400, { code: 'x', message: 'The clinic is suspended' }));
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('The clinic is suspended');
  });

  it('is busy while the call runs, then starts the session', async () => {
    renderLogin();
    fill('Clinic name', 'demo');
    fill('E-mail, user name or mobile', 'owner');
    fill('Password', 'Demo@1234');
    let answer: (r: Response) => void = () => undefined;
    fetchMock.mockReturnValueOnce(new Promise<Response>((resolve) => (answer = resolve)));
    fireEvent.submit(screen.getByLabelText('Password').closest('form')!);
    const button = screen.getByRole('button', { name: 'Log in' });
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBe('true'));
    expect(screen.getByLabelText('Password')).toHaveProperty('disabled', true);
    await act(async () =>
      answer(json(200, { token: 't', expiredTokenDate: '2999-01-01T00:00:00Z', objectData: testUser() })),
    );
    await screen.findByText('signed in');
    expect(getSession()?.token).toBe('t');
  });
});
