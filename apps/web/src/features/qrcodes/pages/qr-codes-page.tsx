import { PrinterOutlined, ScanOutlined } from '@ant-design/icons';
import { Button, Card, Col, Empty, Flex, Row, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QrImage } from '../components/qr-image';
import { QrScanner } from '../components/qr-scanner';
import { useQrCodes } from '../api';

/**
 * /QrCodes: the clinic's active codes as a sheet to print (one card each: the code, its label, purpose and branch), and
 * the camera scanner that opens a clinic code's page.
 */
export default function QrCodesPage() {
  const { t } = useTranslation('qrcodes');
  const codes = useQrCodes();
  const [scanning, setScanning] = useState(false);
  const active = codes.data?.items.filter((c) => c.isActive) ?? [];
  return (
    <Card>
      <Flex justify="space-between" align="center" wrap gap="middle" style={{ marginBlockEnd: 16 }} className="no-print">
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('list.title')}
        </Typography.Title>
        <Flex gap="small" wrap>
          <Button icon={<ScanOutlined />} onClick={() => setScanning(true)}>
            {t('scan.open')}
          </Button>
          <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()} disabled={!active.length}>
            {t('list.print')}
          </Button>
        </Flex>
      </Flex>
      {codes.isLoading ? (
        <Skeleton active />
      ) : codes.isError ? (
        <Empty description={codes.error.message} />
      ) : !active.length ? (
        <Empty description={t('list.empty')} />
      ) : (
        <Row gutter={[16, 16]}>
          {active.map((c) => (
            <Col key={c.id} xs={24} sm={12} md={8} lg={6} style={{ breakInside: 'avoid' }}>
              <Card size="small" style={{ textAlign: 'center' }}>
                <QrImage text={`${window.location.origin}${c.path}`} alt={c.label} />
                <Typography.Title level={5} style={{ marginBlock: 8 }}>
                  {c.label}
                </Typography.Title>
                <Tag>{t(`purposes.${c.purpose}`)}</Tag>
                {c.branchName && <Tag>{c.branchName}</Tag>}
                <Typography.Paragraph type="secondary" style={{ marginBlockStart: 8, marginBlockEnd: 0 }}>
                  {t(`hints.${c.purpose}`)}
                </Typography.Paragraph>
              </Card>
            </Col>
          ))}
        </Row>
      )}
      <QrScanner open={scanning} onClose={() => setScanning(false)} />
    </Card>
  );
}
