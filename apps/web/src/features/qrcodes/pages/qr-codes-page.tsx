import { PrinterOutlined } from '@ant-design/icons';
import { Button, Card, Col, Empty, Flex, Row, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { QrImage } from '../components/qr-image';
import { useQrCodes } from '../api';

/** /QrCodes: the clinic's active codes as a sheet to print (one card each: the code, its label, purpose and branch). */
export default function QrCodesPage() {
  const { t } = useTranslation('qrcodes');
  const codes = useQrCodes();
  const active = codes.data?.items.filter((c) => c.isActive) ?? [];
  return (
    <Card>
      <Flex justify="space-between" align="center" wrap gap="middle" style={{ marginBlockEnd: 16 }} className="no-print">
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('list.title')}
        </Typography.Title>
        <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()} disabled={!active.length}>
          {t('list.print')}
        </Button>
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
    </Card>
  );
}
