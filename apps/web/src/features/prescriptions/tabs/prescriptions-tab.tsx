import { PatientPrescriptions } from '../components/patient-prescriptions';

/** Tab 11 of the patient file (/Patient/<id>/11): the patient's prescriptions. */
export default function PrescriptionsTab({ patientId }: { patientId: number }) {
  return <PatientPrescriptions patientId={patientId} />;
}
