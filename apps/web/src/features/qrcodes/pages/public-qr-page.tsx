import type { ScanQrCodeOutput } from '@dental/contract';
import { Button, Card, Flex, Form, Input, Result, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { LanguageMenu } from 'app/shell/language-menu';
import { formatTime } from '../../../lib/format';
import { useScanQrCode } from '../api';

/**
 * /pages/QrCode/<token>/<purpose>/<mobile?>: what a scanned code does. Booking opens the booking page, a social code
 * its link; check-in and feedback ask for the patient's mobile, then say "checked in" or open the visit's feedback
 * form. A bad or retired code is one message, nothing else.
 */
export default function PublicQrPage() {
  const { QID = '', type, mobile: mobileParam } = useParams();
  const { t } = useTranslation('qrcodes');
  const navigate = useNavigate();
  const scan = useScanQrCode();
  const [answer, setAnswer] = useState<ScanQrCodeOutput | null>(null);
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  const send = async (mobile?: string) => {
    setError(null);
    try {
      const res = await scan.mutateAsync({ qid: QID, type: type as ScanQrCodeOutput['purpose'] | undefined, mobile });
      if (res.action === 'open' && res.url) return window.location.assign(res.url);
      if ((res.action === 'open' || res.action === 'feedback') && res.path) return navigate(res.path, { replace: true });
      setAnswer(res);
    } catch (e) {
      setError((e as Error).message);
    }
  };
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void send(mobileParam);
  }, []);

  return (
    <main style={{ maxWidth: 520, margin: '0 auto', padding: 16 }}>
      <Flex justify="flex-end" style={{ marginBlockEnd: 8 }}>
        <LanguageMenu showLabel />
      </Flex>
      <Card>
        {answer?.action === 'checkedIn' ? (
          <Result status="success" title={t('public.checkedIn')} subTitle={answer.startsAt ? t('public.at', { time: formatTime(answer.startsAt) }) : undefined} />
        ) : answer?.action === 'needsMobile' || (error && answer) ? (
          <Form layout="vertical" onFinish={(v: { mobile: string }) => send(v.mobile)}>
            <Form.Item name="mobile" label={t('public.mobile')} rules={[{ required: true, message: t('public.mobileRequired') }]} extra={t(`hints.${answer.purpose}`)}>
              <Input dir="ltr" inputMode="tel" autoComplete="tel" maxLength={20} />
            </Form.Item>
            {error && <Result status="warning" subTitle={error} style={{ padding: 8 }} />}
            <Button type="primary" htmlType="submit" loading={scan.isPending} block>
              {t('public.continue')}
            </Button>
          </Form>
        ) : error ? (
          <Result status="404" title={t('public.invalid')} subTitle={error} />
        ) : (
          <Flex justify="center" style={{ padding: 32 }}>
            <Spin aria-label={t('public.loading')} />
          </Flex>
        )}
      </Card>
    </main>
  );
}
