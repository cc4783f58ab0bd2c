import { List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '../../../lib/permissions';
import { useToothDetails } from '../api';
import { StatusTag, useProcedureFormat } from './procedure-ui';

/** The tooth panel's list of the tooth's procedures (GetPatientToothDetails), with a link to all of them. */
export function ToothProceduresList({ patientId, tooth }: { patientId: number; tooth: number }) {
  const { t } = useTranslation('dental-chart');
  const f = useProcedureFormat();
  const details = useToothDetails(patientId, tooth);
  // /ProceduresList needs treatment_list (navigation.ts); the doctor's default keys lack it
  const listsProcedures = useCan('treatment_list');
  const items = details.data?.items ?? [];
  return (
    <div data-testid="tooth-procedures" style={{ marginBlock: 8 }}>
      <Typography.Text strong>{t('panel.procedures')}</Typography.Text>
      <List
        size="small"
        loading={details.isLoading}
        dataSource={items}
        locale={{ emptyText: t('panel.noProcedures') }}
        renderItem={(p) => (
          <List.Item extra={<bdi>{f.money(p.net)}</bdi>}>
            <span>
              <StatusTag status={p.status} />
              <Link to={`/TreatmentDetails/${p.id}`}>{f.name(p)}</Link>
            </span>
          </List.Item>
        )}
      />
      {items.length > 0 && listsProcedures && <Link to={`/ProceduresList/${patientId}/${tooth}`}>{t('panel.allProcedures')}</Link>}
    </div>
  );
}
