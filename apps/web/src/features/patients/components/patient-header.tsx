import { ArrowLeftOutlined, ArrowRightOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { type CallInput, type PatientHeader as Header, isRtl, patientsCalls } from '@dental/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Popconfirm, Space, Tag, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PhotoUpload } from '../../../components/photo-upload';
import { callApi } from '../../../lib/api';
import { currentLanguage } from '../../../lib/i18n';
import { useCan } from '../../../lib/permissions';
import { systemName } from '../../../lib/system-lookups';
import { notify } from '../../../lib/toast';
import { PatientMessaging } from '../../messages/components/patient-messaging';
import { NewAppointmentButton } from '../../scheduler/components/new-appointment-button';
import { useDeletePatient } from '../api';
import { PatientTypeTag, useAge } from './patient-tags';
import { MobileText } from '../mobile';

const PatientAlerts = lazy(() => import('../../medical/components/patient-alerts'));

/** The patient file's header: photo, name, code, age, type (blacklist warning), contact, alerts and actions. */
export function PatientHeader({ patient }: { patient: Header }) {
  const { t } = useTranslation('patients');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const age = useAge();
  const canEdit = useCan('patient_edit');
  const canDelete = useCan('patient_delete');
  const remove = useDeletePatient();
  const Back = isRtl(currentLanguage()) ? ArrowRightOutlined : ArrowLeftOutlined;

  return (
    <Card size="small" style={{ marginBlockEnd: 12 }}>
      <Flex gap="middle" align="center" wrap>
        <Button icon={<Back />} aria-label={t('file.back')} title={t('file.back')} onClick={() => navigate(-1)} />
        <PhotoUpload
          name={patient.name}
          thumbnailUrl={patient.photoThumbnailUrl}
          size={64}
          compact
          readOnly={!canEdit}
          upload={async (file) => {
            const r = await callApi(patientsCalls.savePatientPhoto, { patientId: patient.id, formFile: file } as CallInput<typeof patientsCalls.savePatientPhoto>);
            await queryClient.invalidateQueries({ queryKey: [patientsCalls.getPPW.controller] });
            return { thumbnailUrl: r.photoThumbnailUrl };
          }}
        />
        <Flex vertical gap={4} style={{ flex: 1, minWidth: 220 }}>
          <Space wrap>
            <Typography.Title level={4} style={{ margin: 0 }}>{patient.name}</Typography.Title>
            <Typography.Text type="secondary">#{patient.code}</Typography.Text>
            <PatientTypeTag type={patient.patientType} />
            {!patient.isActive && <Tag>{t('inactive')}</Tag>}
            {patient.approvalStatus === 'waiting' && <Tag color="orange">{t('waiting')}</Tag>}
          </Space>
          <Space wrap split={<Typography.Text type="secondary">·</Typography.Text>}>
            {patient.dateOfBirth && <span>{age(patient.dateOfBirth)}</span>}
            {patient.gender && <span>{systemName('Gender', patient.gender)}</span>}
            {patient.mobile && <MobileText value={patient.mobile} />}
            {patient.parent && (
              <span>
                {t('fields.parent')}: <Link to={`/Patient/${patient.parent.id}/1`}>{patient.parent.name}</Link>
              </span>
            )}
          </Space>
          <Suspense fallback={null}>
            <PatientAlerts patientId={patient.id} />
          </Suspense>
          <PatientMessaging patientId={patient.id} mobile={patient.mobile} />
        </Flex>
        <Space wrap>
          <NewAppointmentButton patient={patient} />
          {canEdit && (
            <Button icon={<EditOutlined />} onClick={() => navigate(`/EditPatient/${patient.id}`)}>
              {t('file.edit')}
            </Button>
          )}
          {canDelete && (
            <Popconfirm
              title={tc('crud.confirmDeleteTitle')}
              description={t('file.deleteConfirm')}
              okButtonProps={{ danger: true }}
              onConfirm={() =>
                remove.mutateAsync({ id: patient.id }).then(() => {
                  notify.success(tc('crud.deleted'));
                  navigate('/PatientsList');
                })
              }
            >
              <Button danger icon={<DeleteOutlined />} aria-label={tc('actions.delete')} title={tc('actions.delete')} />
            </Popconfirm>
          )}
        </Space>
      </Flex>
      {patient.patientType === 'PT3' && <Alert type="error" showIcon message={t('blacklistWarning')} style={{ marginBlockStart: 12 }} />}
    </Card>
  );
}
