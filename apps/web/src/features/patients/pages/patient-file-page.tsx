import './patient-file.css';
import { type PermissionKey, tierRank } from '@dental/contract';
import { Button, Card, Result, Skeleton, Spin, Tabs } from 'antd';
import { type ComponentType, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { userCan } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { LEDGER_READ_KEYS, PAYMENTS_READ_KEYS } from '../../payments/api';
import { usePatientHeader } from '../api';
import { PatientHeader } from '../components/patient-header';
import { PatientInfo } from '../components/patient-info';

type Tab = ComponentType<{ patientId: number }>;
/**
 * Tabs of the patient file by number (the :N of the route): 1 information ... 6 insurance, 7 appointments, 8 procedures,
 * 9 payments, 10 the patient ledger, 11 prescriptions.
 */
const TABS: Array<{
  n: string;
  key: string;
  Component: Tab | React.LazyExoticComponent<Tab>;
  minTier?: 'ST1' | 'ST2';
  /** Shown only to who holds it (or one of them). */
  permission?: PermissionKey | readonly PermissionKey[];
}> = [
  { n: '1', key: 'info', Component: PatientInfo },
  { n: '2', key: 'medical', Component: lazy(() => import('../../medical/tabs/medical-history-tab')) },
  { n: '3', key: 'chart', Component: lazy(() => import('../../dental-chart/tabs/dental-chart-tab')) },
  { n: '4', key: 'notes', Component: lazy(() => import('../../patient-files/tabs/notes-tab')) },
  { n: '5', key: 'attachments', Component: lazy(() => import('../../patient-files/tabs/attachments-tab')) },
  { n: '6', key: 'insurance', Component: lazy(() => import('../../insurance/tabs/insurance-tab')), minTier: 'ST2' },
  { n: '7', key: 'appointments', Component: lazy(() => import('../../scheduler/tabs/patient-appointments-tab')), permission: ['scheduler_view_all', 'scheduler_view_mine'] },
  { n: '8', key: 'procedures', Component: lazy(() => import('../../patient-procedures/tabs/procedures-tab')), permission: 'patient_procedures' },
  // payments (issue 15): whoever may read a patient's money, as the contract says
  { n: '9', key: 'payments', Component: lazy(() => import('../../payments/tabs/payments-tab')), permission: PAYMENTS_READ_KEYS },
  { n: '10', key: 'ledger', Component: lazy(() => import('../../payments/tabs/ledger-tab')), permission: LEDGER_READ_KEYS },
  // prescriptions (issue 16): an ST1 feature, for who may read them
  { n: '11', key: 'prescriptions', Component: lazy(() => import('../../prescriptions/tabs/prescriptions-tab')), minTier: 'ST1', permission: 'prescription_list' },
];

/** /Patient/:ID/:N: the patient file, full page: header, then one tab per part of the clinical record. */
export default function PatientFilePage() {
  const { t } = useTranslation('patients');
  const navigate = useNavigate();
  const params = useParams();
  const id = Number(params.ID);
  const valid = Number.isInteger(id) && id > 0;
  const header = usePatientHeader(valid ? id : undefined);
  const user = useSession()?.user;
  const tier = user?.subscriptionType ?? 'ST0';
  const tabs = TABS.filter(
    (tab) => (!tab.minTier || tierRank(tier) >= tierRank(tab.minTier)) && (!tab.permission || userCan(user, tab.permission)),
  );
  const active = tabs.some((tab) => tab.n === params.N) ? params.N! : '1';

  if (!valid || header.isError)
    return (
      <Result
        status="404"
        title={t('form.notFound')}
        extra={<Button onClick={() => navigate('/PatientsList')}>{t('form.backToList')}</Button>}
      />
    );
  if (!header.data) return <Card style={{ margin: 16 }}><Skeleton avatar active paragraph={{ rows: 6 }} /></Card>;

  return (
    <div style={{ padding: 16, maxWidth: 1400, marginInline: 'auto', width: '100%' }}>
      <PatientHeader patient={header.data} />
      <Card size="small">
        <Tabs
          className="patient-file-tabs"
          activeKey={active}
          onChange={(n) => navigate(`/Patient/${id}/${n}`, { replace: true })}
          destroyOnHidden
          items={tabs.map(({ n, key, Component }) => ({
            key: n,
            label: t(`file.tabs.${key}`),
            children: (
              <Suspense fallback={<Spin style={{ display: 'block', margin: 32 }} />}>
                <Component patientId={id} />
              </Suspense>
            ),
          }))}
        />
      </Card>
    </div>
  );
}
