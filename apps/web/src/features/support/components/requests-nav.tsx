import { BulbOutlined, CustomerServiceOutlined, MailOutlined } from '@ant-design/icons';
import { Button, Flex, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

export const FEATURES_PATH = '/FeaturesAndRequests';
export const SUPPORT_PATH = '/Support';

/** Switches between the shared feature requests and the clinic's own support requests; links to Contact us. */
export function RequestsNav({ current }: { current: typeof FEATURES_PATH | typeof SUPPORT_PATH }) {
  const { t } = useTranslation('support');
  const { t: tr } = useTranslation('routes');
  const navigate = useNavigate();
  return (
    <Flex justify="space-between" align="center" wrap gap="small" style={{ marginBlockEnd: 16 }}>
      <Segmented
        value={current}
        onChange={(path) => navigate(path)}
        options={[
          { value: FEATURES_PATH, label: t('nav.features'), icon: <BulbOutlined /> },
          { value: SUPPORT_PATH, label: t('nav.support'), icon: <CustomerServiceOutlined /> },
        ]}
      />
      <Button type="link" icon={<MailOutlined />} onClick={() => navigate('/ContactUs')}>
        {tr('ContactUs')}
      </Button>
    </Flex>
  );
}
