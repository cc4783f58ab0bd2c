import { CalendarOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCan } from '../../../lib/permissions';
import type { NewAppointmentPatient, NewAppointmentRequest } from '../appointment-draft';

/**
 * "New appointment" for a patient (patient file): opens the calendar with the new-appointment form filled in with the
 * patient (router state `newAppointment`, read by scheduler-calendar.tsx). Shown only with scheduler_add_appointment.
 */
export function NewAppointmentButton({
  patient,
  type = 'default',
}: {
  patient: NewAppointmentPatient;
  type?: 'default' | 'primary';
}) {
  const { t } = useTranslation('scheduler');
  const navigate = useNavigate();
  if (!useCan('scheduler_add_appointment')) return null;
  const request: NewAppointmentRequest = { patient: { id: patient.id, name: patient.name, code: patient.code } };
  return (
    <Button
      type={type}
      icon={<CalendarOutlined />}
      onClick={() => void navigate('/', { state: { newAppointment: request } })}
    >
      {t('patientTab.new')}
    </Button>
  );
}
