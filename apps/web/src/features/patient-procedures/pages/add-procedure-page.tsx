import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ProcedureDrawer } from '../components/procedure-drawer';

/** /AddProcedure/:ID (ID: the patient): the add-procedure form; saved or closed, back to the patient's tab 8. */
export default function AddProcedurePage() {
  const { t } = useTranslation('patient-procedures');
  const navigate = useNavigate();
  const id = Number(useParams().ID);
  if (!Number.isInteger(id) || id <= 0)
    return <Result status="404" title={t('details.notFound')} extra={<Button onClick={() => navigate('/PatientsList')}>{t('details.backToPatients')}</Button>} />;
  const back = () => navigate(`/Patient/${id}/8`);
  return <ProcedureDrawer open patientId={id} onClose={back} onSaved={back} />;
}
