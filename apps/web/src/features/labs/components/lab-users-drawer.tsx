import { UserAddOutlined } from '@ant-design/icons';
import { type LabItem, type SaveLabUserInput, roleSatisfiesRule, saveLabUserInput } from '@dental/contract';
import { Alert, Button, Drawer, Flex, Form, Input, List, Select, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { PhoneInput } from '../../../components/phone-input';
import { handleFormError, zodField } from '../../../lib/form';
import { useCan } from '../../../lib/permissions';
import { DEFAULT_DIAL } from '../../../lib/phone';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { MobileText } from '../../patients/mobile';
import { PasswordField } from '../../users/components/password-field';
import { useLabUsers, useMyBranches, useSaveLabUser } from '../api';

const fields = saveLabUserInput.shape;
const LANGUAGE_NAMES = { ar: 'العربية', en: 'English', fr: 'Français' } as const;

/**
 * A lab's logins (issue 16): the lab's staff see only this lab's orders and move their status. Listing them is the
 * labs page's; creating one is making a user (user_add, branch manager or owner), through Lab/SaveLabUser.
 */
export function LabUsersDrawer({ lab, onClose }: { lab: LabItem | null; onClose: () => void }) {
  const { t } = useTranslation('labs');
  const { t: tc } = useTranslation();
  const user = useSession()?.user;
  const canCreate = useCan('user_add') && !!user && roleSatisfiesRule(user.userRole, 'BranchManager');
  const users = useLabUsers(lab?.id, !!lab);
  const branches = useMyBranches();
  const save = useSaveLabUser();
  const [form] = Form.useForm<SaveLabUserInput>();
  const [adding, setAdding] = useState(false);
  const country = user?.clinicCountryId ?? 'CN3';

  const submit = async (values: SaveLabUserInput) => {
    if (!lab) return;
    try {
      await save.mutateAsync({ ...values, labId: lab.id, countryId: country });
      notify.success(t('users.created'));
      setAdding(false);
      form.resetFields();
    } catch (error) {
      handleFormError(form, error);
    }
  };

  const items = users.data?.items ?? [];
  return (
    <Drawer
      open={!!lab}
      onClose={() => {
        setAdding(false);
        onClose();
      }}
      title={lab ? t('users.title', { lab: lab.name }) : ''}
      size="large"
      styles={{ wrapper: { maxWidth: '100vw' } }}
      destroyOnHidden
      data-testid="lab-users-drawer"
    >
      <Alert type="info" showIcon message={t('users.hint')} style={{ marginBlockEnd: 16 }} />
      {canCreate && !adding && (
        <Button type="primary" icon={<UserAddOutlined />} onClick={() => setAdding(true)} style={{ marginBlockEnd: 16 }} data-testid="add-lab-user">
          {t('users.add')}
        </Button>
      )}
      {canCreate && adding && (
        <Form
          form={form}
          layout="vertical"
          onFinish={submit}
          disabled={save.isPending}
          initialValues={{ language: 'ar', branchId: user?.branchId ?? undefined }}
          data-testid="lab-user-form"
        >
          <Form.Item name="fullName" label={t('users.name')} {...zodField(fields.fullName)}>
            <Input maxLength={100} autoFocus />
          </Form.Item>
          <Form.Item name="userName" label={t('users.userName')} {...zodField(fields.userName)}>
            <Input maxLength={50} dir="ltr" autoComplete="off" />
          </Form.Item>
          <Form.Item name="email" label={t('users.email')} {...zodField(fields.email)}>
            <Input maxLength={200} dir="ltr" type="email" autoComplete="off" />
          </Form.Item>
          <Form.Item name="mobile" label={t('users.mobile')} {...zodField(fields.mobile)}>
            <PhoneInput defaultDial={DEFAULT_DIAL[country]} />
          </Form.Item>
          <Form.Item name="password" label={t('users.password')} {...zodField(fields.password)}>
            <PasswordField />
          </Form.Item>
          <Form.Item name="branchId" label={t('users.branch')} {...zodField(fields.branchId)}>
            <Select options={(branches.data?.items ?? []).map((b) => ({ value: b.branchId, label: b.name }))} />
          </Form.Item>
          <Form.Item name="language" label={t('users.language')}>
            <Select options={Object.entries(LANGUAGE_NAMES).map(([value, label]) => ({ value, label }))} />
          </Form.Item>
          <Flex gap={8} style={{ marginBlockEnd: 16 }}>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('users.add')}
            </Button>
            <Button onClick={() => setAdding(false)}>{tc('actions.cancel')}</Button>
          </Flex>
        </Form>
      )}
      {users.isLoading ? (
        <Skeleton active />
      ) : items.length === 0 ? (
        <EmptyState compact description={t('users.empty')} />
      ) : (
        <List
          dataSource={items}
          renderItem={(u) => (
            <List.Item extra={u.isActive ? null : <Tag>{t('inactive')}</Tag>}>
              <List.Item.Meta
                title={u.fullName}
                description={
                  <Typography.Text type="secondary">
                    <bdi dir="ltr">{u.userName}</bdi> · <bdi dir="ltr">{u.email}</bdi>
                    {u.mobile && (
                      <>
                        {' · '}
                        <MobileText value={u.mobile} />
                      </>
                    )}
                  </Typography.Text>
                }
              />
            </List.Item>
          )}
        />
      )}
    </Drawer>
  );
}
