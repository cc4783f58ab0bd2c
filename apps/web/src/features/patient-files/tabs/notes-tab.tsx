/** Replaced by the module's own tab (work in progress in this session). */
export default function PendingTab(_: { patientId: number }) {
  return null;
}
