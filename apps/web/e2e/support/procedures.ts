import type { APIRequestContext } from '@playwright/test';
import { apiAs } from './api';
import { apiLogin } from './auth';

/**
 * The demo doctor adds catalogue procedures (by ADA code) on the given teeth of a patient, in the doctor's branch, and
 * completes them (S3), so they are owed: what billing journeys start from.
 */
export async function addCompletedProcedures(
  request: APIRequestContext,
  patientId: number,
  items: ReadonlyArray<readonly [code: string, tooth: number]>,
) {
  const doctor = await apiLogin(request, 'doctor');
  const asDoctor = apiAs(request, doctor.token);
  const list = await asDoctor.ok.get<{ items: Array<{ procedureId: number; code: string }> }>(
    '/api/Procedure/GetProceduresByBranch',
    { activeOnly: true, pageSize: 200 },
  );
  for (const [code, tooth] of items) {
    const saved = await asDoctor.ok.post<{ id: number; version: number }>('/api/PatientProcedure/SavePatientProcedure', {
      patientId,
      branchId: doctor.objectData.branchId,
      procedureId: list.items.find((i) => i.code === code)!.procedureId,
      doctorId: doctor.objectData.userId,
      teeth: [{ tooth }],
    });
    await asDoctor.ok.post('/api/PatientProcedure/UpdateProcedureStatus', { id: saved.id, version: saved.version, status: 'S3' });
  }
}
