import { ExperimentOutlined } from '@ant-design/icons';
import { routeByName, routeState } from '@dental/contract';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isBuilt } from '../../registry';
import { useSession } from '../../../lib/session';

const ORDER_ROUTE = routeByName('LabOrderDetails')!;

/** The new-order page for a patient, optionally a tooth and the procedure it is for (`?procedure=`). */
export const newLabOrderHref = (patientId: number, tooth?: number | null, procedureId?: number | null): string =>
  `/LabOrderDetails/0/0/${patientId}${tooth ? `/${tooth}` : ''}${procedureId ? `?procedure=${procedureId}` : ''}`;

/** Whether the user may open the lab order page (the lab_orders_list key, the Secretariat rule, the ST2 tier). */
export function useCanOrderFromLab(): boolean {
  const user = useSession()?.user;
  return !!user && isBuilt(ORDER_ROUTE.path) && routeState(ORDER_ROUTE, user) === 'open';
}

/**
 * "Order from lab" on a patient's procedure (issue 16): opens a new lab order with the patient, the procedure's first
 * tooth and the procedure chosen. Shown only to users who may open the lab order page.
 */
export function LabOrderButton({ patientId, procedureId, tooth }: { patientId: number; procedureId?: number; tooth?: number | null }) {
  const { t } = useTranslation('labs');
  const navigate = useNavigate();
  if (!useCanOrderFromLab()) return null;
  return (
    <Tooltip title={t('orders.fromProcedure')}>
      <Button
        size="small"
        icon={<ExperimentOutlined />}
        aria-label={t('orders.fromProcedure')}
        onClick={() => navigate(newLabOrderHref(patientId, tooth, procedureId))}
        data-testid="order-from-lab"
      />
    </Tooltip>
  );
}
