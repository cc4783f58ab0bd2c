import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers';
import { queryClient } from '../../app/query-client';
import { clearSession, setSession } from '../../lib/session';
import { testUser } from '../../test/fixtures';
import { useLetterhead } from './api';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const fetchMock = vi.fn(async (url: string) => {
  if (url.startsWith('/api/Print/GetPrintLetterhead'))
    return json({
      clinicName: 'عيادة الابتسامة', logoUrl: '/api/files/logos/smile.png', address: 'شارع عباس العقاد, القاهرة',
      mobile: '+20222600001', taxNo: '310123456700003', commercialRegistrationNo: '1010123456',
    });
  if (url.startsWith('/api/Auth/GetClinicBranches')) return json({ items: [{ branchId: 3, name: 'فرع مدينة نصر', mobile: '+201001234567' }] });
  // Lookups/GetClinic needs clinic_show, which this secretary lacks
  return json({ code: 'BS11', message: 'Forbidden' }, 403);
});

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
  queryClient.clear();
  clearSession();
  // a secretary without the clinic_show key
  setSession({ token: 't', expiredTokenDate: '2999-01-01T00:00:00Z', user: testUser({ userRole: 'RL4', permissions: ['patient_list'] }), branchId: 3 });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useLetterhead', () => {
  it("gives a secretary without clinic_show the clinic's full letterhead and her branch", async () => {
    const { result } = renderHook(() => useLetterhead(), { wrapper: ({ children }: { children: ReactNode }) => <AppProviders>{children}</AppProviders> });
    await waitFor(() => expect(result.current.taxNo).toBe('310123456700003'));
    await waitFor(() => expect(result.current.branchName).toBe('فرع مدينة نصر'));
    expect(result.current).toEqual({
      clinicName: 'عيادة الابتسامة',
      logoUrl: '/api/files/logos/smile.png',
      branchName: 'فرع مدينة نصر',
      branchAddress: 'شارع عباس العقاد, القاهرة',
      phones: ['+201001234567', '+20222600001'],
      taxNo: '310123456700003',
      commercialRegistrationNo: '1010123456',
    });
    expect(fetchMock.mock.calls.some(([url]) => url.startsWith('/api/Lookups/GetClinic'))).toBe(false);
  });
});
