import { PrinterOutlined } from '@ant-design/icons';
import { builtInPrintSettings } from '@dental/contract';
import { Button, Card, Flex, Result, Skeleton, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LanguageMenu } from 'app/shell/language-menu';
import { ThemeToggle } from 'app/shell/theme-toggle';
import { currentLanguage } from 'lib/i18n';
import { usePublicPrescription } from '../api';
import { PrescriptionDocument, type RxPaper } from '../components/prescription-document';

/**
 * /rx/<token>: the prescription a clinic shared by its public link (no login). It shows only that prescription, as
 * printed, in the language the patient picks; an unknown or revoked link says so.
 */
export default function PublicPrescriptionPage() {
  const { token = '' } = useParams();
  const { t, i18n } = useTranslation('prescriptions');
  const rx = usePublicPrescription(token);
  // the clinic's default prescription settings come with the answer (only what printing needs) over the built-in ones
  const print = rx.data?.print;
  const settings = useMemo(() => ({ ...builtInPrintSettings('prescription'), ...print }), [print]);
  const paper = useMemo<RxPaper | null>(
    () => (rx.data ? { ...rx.data, drugs: rx.data.drugs } : null),
    [rx.data],
  );
  return (
    <main className="rx-public">
      <div className="rx-public-bar">
        <Typography.Text type="secondary">{t('public.note')}</Typography.Text>
        <Flex gap={4} align="center">
          {paper && (
            <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()}>
              {t('public.print')}
            </Button>
          )}
          <LanguageMenu showLabel />
          <ThemeToggle />
        </Flex>
      </div>
      {rx.isError ? (
        <Card>
          <Result status="404" title={t('public.invalidTitle')} subTitle={rx.error.message} />
        </Card>
      ) : !paper ? (
        <Card aria-label={t('public.loading')}>
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      ) : (
        <PrescriptionDocument
          key={i18n.language}
          paper={paper}
          settings={settings}
          language={currentLanguage()}
          logoUrl={rx.data?.logoUrl ?? null}
          preview
        />
      )}
    </main>
  );
}
