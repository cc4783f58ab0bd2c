import { MailOutlined } from '@ant-design/icons';
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { AntdConfig } from 'app/antd-providers';
import { BackToLogin } from './back-to-login';

/** The forgot-password page's answer once the link is sent; antd's Result, loaded only then (issue 18). */
export default function SentResult({ email }: { email: string }) {
  const { t } = useTranslation('auth');
  return (
    <AntdConfig>
      <Result
        status="success"
        icon={<MailOutlined />}
        title={t('forget.sentTitle')}
        subTitle={t('forget.sentText', { email })}
        extra={<BackToLogin primary />}
      />
    </AntdConfig>
  );
}
