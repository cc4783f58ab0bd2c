import { Button, Card, Flex, Result, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { toothCode, toothNumber } from '@dental/contract';
import { useCan } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { usePatientHeader } from '../../patients/api';
import { usePatientProcedures } from '../api';
import { useProcedureActions, useProcedureFormat } from '../components/procedure-ui';
import { ProceduresTable } from '../components/procedures-table';
import { VisitsDrawer } from '../components/visits-drawer';
import type { PatientProcedureItem } from '@dental/contract';

/** /ProceduresList/:ID/:TN: a patient's procedures, on one tooth when TN is given, with their totals. */
export default function ProceduresListPage() {
  const { t } = useTranslation('patient-procedures');
  const navigate = useNavigate();
  const params = useParams();
  const session = useSession();
  const f = useProcedureFormat();
  const patientId = Number(params.ID);
  const parsedTooth = params.TN === undefined ? undefined : toothNumber.safeParse(Number(params.TN));
  const tooth = parsedTooth?.success ? parsedTooth.data : undefined;
  const valid = Number.isInteger(patientId) && patientId > 0 && (params.TN === undefined || tooth !== undefined);
  const patient = usePatientHeader(valid ? patientId : undefined);
  const list = usePatientProcedures({ patientId, tooth }, valid);
  const canWrite = useCan(['treatment_add', 'patient_edit']);
  const reload = list.refetch;
  const actions = useProcedureActions(reload);
  const [visitsOf, setVisitsOf] = useState<PatientProcedureItem | null>(null);

  if (!valid || patient.isError)
    return <Result status="404" title={t('details.notFound')} extra={<Button onClick={() => navigate('/PatientsList')}>{t('details.backToPatients')}</Button>} />;

  const totals = list.data?.totals.all;
  return (
    <Card>
      {actions.contextHolder}
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBlockEnd: 16 }}>
        <Space wrap>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('list.patientTitle')}
          </Typography.Title>
          {patient.data && <Link to={`/Patient/${patientId}/8`}>{`${patient.data.name} (${patient.data.code})`}</Link>}
          {tooth !== undefined && (
            <Tag closable onClose={() => navigate(`/ProceduresList/${patientId}`)}>
              {t('tab.filteredByTooth', { tooth: toothCode(tooth, session?.user.toothNumberingSystem ?? 'FDI') })}
            </Tag>
          )}
        </Space>
        {totals && <Typography.Text strong>{t('totals.all', { net: f.money(totals.net), count: totals.count })}</Typography.Text>}
      </Flex>
      <ProceduresTable
        items={list.data?.items ?? []}
        loading={list.isLoading}
        canWrite={canWrite}
        actions={actions}
        onVisits={setVisitsOf}
      />
      <VisitsDrawer item={visitsOf} canWrite={canWrite} onClose={() => setVisitsOf(null)} />
    </Card>
  );
}
