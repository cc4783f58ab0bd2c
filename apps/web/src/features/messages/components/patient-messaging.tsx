import { Divider, Flex, Switch, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../lib/permissions';
import { notify } from '../../../lib/toast';
import { MESSAGING_KEYS } from '../access';
import { usePatientMessaging, useSetPatientMessaging } from '../api';
import { SendButtons } from './send-buttons';

/** The appointment drawer's part: a titled row of the send buttons for this appointment. */
export function AppointmentMessaging({ patientId, appointmentId, mobile }: { patientId: number; appointmentId: number; mobile: string | null }) {
  const { t } = useTranslation('messages');
  const can = useCan(MESSAGING_KEYS);
  if (!can) return null;
  return (
    <>
      <Divider titlePlacement="start">{t('send.title')}</Divider>
      <SendButtons patientId={patientId} appointmentId={appointmentId} mobile={mobile} />
    </>
  );
}

/**
 * The patient file header's part: WhatsApp messages about the patient (payment due, birthday), and the
 * do-not-message mark: switched by who may edit the patient, shown to everyone else as a tag.
 */
export function PatientMessaging({ patientId, mobile }: { patientId: number; mobile: string | null }) {
  const { t } = useTranslation('messages');
  const canEdit = useCan('patient_edit');
  const state = usePatientMessaging(patientId);
  const set = useSetPatientMessaging();
  const off = state.data?.doNotMessage ?? false;
  return (
    <Flex gap="small" align="center" wrap>
      <SendButtons patientId={patientId} mobile={mobile} />
      {canEdit && state.data ? (
        <Flex gap={6} align="center">
          <Switch
            size="small"
            checked={off}
            loading={set.isPending}
            aria-label={t('doNotMessage.label')}
            onChange={(doNotMessage) =>
              set.mutate({ patientId, doNotMessage }, { onSuccess: () => notify.success(t(doNotMessage ? 'doNotMessage.on' : 'doNotMessage.off')) })
            }
            data-testid="do-not-message"
          />
          <Typography.Text>{t('doNotMessage.label')}</Typography.Text>
        </Flex>
      ) : (
        off && <Tag color="orange">{t('doNotMessage.label')}</Tag>
      )}
    </Flex>
  );
}
