import { EditOutlined, PrinterOutlined, UserOutlined } from '@ant-design/icons';
import { prescriptionCalls } from '@dental/contract';
import { Button, Card, Flex, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useCan } from '../../../lib/permissions';
import { DownloadPdfButton } from '../../print/download-pdf';
import { usePrescriptionDoc } from '../api';
import { PrescriptionDocument } from '../components/prescription-document';
import { routeId } from '../prescription-model';
import { paperOf } from './prescription-page';

/** /PrescriptionDetails/:ID?: the prescription as it prints (the clinic's prescription print settings, A5), Print and PDF. */
export default function PrescriptionDetailsPage() {
  const { t } = useTranslation('prescriptions');
  const navigate = useNavigate();
  const id = routeId(useParams().ID);
  const doc = usePrescriptionDoc(id);
  const canOpen = useCan('prescription_add');

  if (!id || doc.isError)
    return (
      <Card>
        <Result status="404" title={t('editor.notFound')} extra={<Button onClick={() => navigate(-1)}>{t('editor.backToPatient')}</Button>} />
      </Card>
    );
  if (!doc.data) return <Card><Skeleton active paragraph={{ rows: 8 }} /></Card>;
  const d = doc.data;
  return (
    <Card
      title={t('doc.title')}
      extra={
        <Flex gap="small" wrap>
          <Button icon={<UserOutlined />} onClick={() => navigate(`/Patient/${d.patient.id}/11`)}>
            {t('editor.backToPatient')}
          </Button>
          {canOpen && (
            <Button icon={<EditOutlined />} onClick={() => navigate(`/Prescription/${d.id}`)}>
              {t('actions.open')}
            </Button>
          )}
        </Flex>
      }
    >
      <Flex gap="small" wrap style={{ marginBlockEnd: 16 }}>
        <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()}>
          {t('actions.print')}
        </Button>
        <DownloadPdfButton call={prescriptionCalls.getPrescriptionPdf} input={{ id: d.id }} fileName={`prescription-${d.id}.pdf`} />
      </Flex>
      <PrescriptionDocument paper={paperOf(d)} preview patientLanguage={d.patient.language} />
    </Card>
  );
}
