import type { LabItem } from '@dental/contract';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../app/providers';
import { TimeZoneGuard } from '../app/shell/timezone-guard';
import { testUser } from '../test/fixtures';
import { signedInWithFetch } from '../test/signed-in';
import { viewport } from '../test/viewport';
import { BranchesSection } from './clinic/components/branches-section';
import InsuranceCompaniesPage from './insurance/pages/insurance-companies-page';
import { LabUsersDrawer } from './labs/components/lab-users-drawer';
import LabsPage from './labs/pages/labs-page';

/** Every number below as the server stores it (E.164); an Egyptian clinic writes it "010 01234599" (issue 18). */
const STORED = '+201001234599';
const WRITTEN = '010 01234599';
const LANDLINE = '+20223456789';
const USER_MOBILE = '+201001234588';

const list = (items: object[]) => ({ items, total: items.length, page: 1, pageSize: 30 });
const contact = { contactPerson: 'Dr. Hany', email: 'x@lab.test', address: null, notes: null, isActive: true, createdAt: '2030-01-06T10:00:00Z' };
const LAB: LabItem = { id: 4, name: 'Smile Lab', mobile: LANDLINE, ordersCount: 0, ...contact };
const ANSWERS: Record<string, object> = {
  '/api/MedicalInsurance/GetInsuranceCompanies': list([
    { id: 1, name: 'Misr Insurance', mobile: STORED, coveragePercentage: '80.00', requiresApproval: false, isDefault: false, patientCount: 0, ...contact },
  ]),
  '/api/Lab/GetLabs': list([{ ...LAB, mobile: STORED }]),
  '/api/Lab/GetLabUsers': { items: [{ userId: 9, labId: 4, labName: 'Smile Lab', fullName: 'Lab Tech', userName: 'labtech', email: 't@lab.test', mobile: USER_MOBILE, isActive: true, createdAt: '2030-01-06T10:00:00Z' }] },
  '/api/Lookups/GetBranchesByClinic': list([{ id: 3, name: 'Main', mobile: STORED, latitude: null, longitude: null, userCount: 2, createdAt: '2030-01-06T10:00:00Z' }]),
  '/api/Auth/GetClinicBranches': { items: [] },
};
const fetchStub = vi.fn(async (url: string) => {
  const answer = Object.entries(ANSWERS).find(([path]) => url.startsWith(path))?.[1] ?? {};
  return new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } });
});
beforeAll(() => viewport(1366)); // a laptop: every column shown
signedInWithFetch(fetchStub, () => testUser({ clinicCountryId: 'CN3', mobile: STORED }));

const mount = (ui: ReactNode) =>
  render(
    <AppProviders>
      <MemoryRouter>{ui}</MemoryRouter>
    </AppProviders>,
  );

/** The number is written in the clinic's form, never shown as stored. */
async function expectWritten(written = WRITTEN, stored = STORED) {
  expect((await screen.findByText(written)).closest('bdi')?.getAttribute('dir')).toBe('ltr');
  expect(document.body.textContent).not.toContain(stored);
}

describe('stored phone numbers are shown as the clinic writes them, not as stored (issue 18)', () => {
  it('on the insurance companies list', async () => {
    mount(<InsuranceCompaniesPage />);
    await expectWritten();
  });

  it('on the labs list and in a lab’s users', async () => {
    mount(<LabsPage />);
    await expectWritten();
    mount(<LabUsersDrawer lab={LAB} onClose={() => undefined} />);
    await expectWritten('010 01234588', USER_MOBILE);
  });

  it('on the clinic’s branches', async () => {
    mount(<BranchesSection />);
    await expectWritten();
  });

  it('on the wrong-time-zone block (the user’s mobile, loaded with its format)', async () => {
    vi.spyOn(Date.prototype, 'getTimezoneOffset').mockReturnValue(0);
    const user = testUser({ clinicCountryId: 'CN2', mobile: '+966501234567' });
    mount(<TimeZoneGuard user={user} />);
    expect((await screen.findByText('+966 50 123 4567')).closest('bdi')?.getAttribute('dir')).toBe('ltr');
    vi.restoreAllMocks();
  });
});
