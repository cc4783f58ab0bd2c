import { Button, Card, Result, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { notify } from '../../../lib/toast';
import { usePatient } from '../api';
import { PatientForm } from '../components/patient-form';

/** /AddPatient and /EditPatient/:ID: the patient form; after saving, the patient's file opens. */
export default function PatientFormPage() {
  const { t } = useTranslation('patients');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const id = params.ID ? Number(params.ID) : undefined;
  const editing = id !== undefined;
  const patient = usePatient(editing && Number.isInteger(id) && id! > 0 ? id : undefined);

  if (editing && (patient.isError || !Number.isInteger(id) || id! <= 0))
    return (
      <Result
        status="404"
        title={t('form.notFound')}
        extra={<Button onClick={() => navigate('/PatientsList')}>{t('form.backToList')}</Button>}
      />
    );

  return (
    <Card>
      <Typography.Title level={3} style={{ marginBlockStart: 0 }}>
        {editing ? t('form.editTitle') : t('form.addTitle')}
      </Typography.Title>
      {editing && !patient.data ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : (
        <PatientForm
          patient={patient.data}
          onSaved={({ id: saved }) => {
            notify.success(tc('crud.saved'));
            navigate(`/Patient/${saved}/1`);
          }}
          onCancel={() => navigate(editing ? `/Patient/${id}/1` : '/PatientsList')}
        />
      )}
    </Card>
  );
}
