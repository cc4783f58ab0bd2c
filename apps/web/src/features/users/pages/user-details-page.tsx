import { ArrowLeftOutlined, ArrowRightOutlined, CopyOutlined, DeleteOutlined, KeyOutlined } from '@ant-design/icons';
import { type UserDetails, isRtl, updateUserBranchInput, updateUserInput } from '@dental/contract';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Flex,
  Form,
  Modal,
  Popconfirm,
  Result,
  Row,
  Select,
  Skeleton,
  Space,
  Switch,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { handleFormError, zodField, zodRule } from '../../../lib/form';
import { currentLanguage, fieldErrorText } from '../../../lib/i18n';
import { useCan } from '../../../lib/permissions';
import { updateUser, useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import {
  useDeleteUser,
  useIssueResetCode,
  useMyBranches,
  useRoles,
  useSaveUserRole,
  useUpdateUser,
  useUpdateUserBranch,
  useUser,
} from '../api';
import { IdentityFields } from '../components/identity-fields';
import { StatusTag, roleOptions } from '../components/options';
import { copyText } from '../components/password-field';
import { UserPhotoUpload } from '../components/photo-upload';
import { WorkingDaysEditor } from '../components/working-days-editor';
import { roleName } from '../role-name';

type ProfileValues = z.input<typeof updateUserInput>;

/** Names, contact, country, status and home branch (UpdateUser), and the role (RolePermission/SaveUserRole). */
function ProfileTab({ user, self, readOnly }: { user: UserDetails; self: boolean; readOnly: boolean }) {
  const { t } = useTranslation('users');
  const { t: tc } = useTranslation();
  const [form] = Form.useForm<ProfileValues>();
  const update = useUpdateUser();
  const saveRole = useSaveUserRole();
  const roles = useRoles();
  const session = useSession();
  const canChangeRole = useCan(['role_edit', 'user_edit']) && !self && !readOnly;
  const [saving, setSaving] = useState(false);
  const [roleId, setRoleId] = useState(user.roleId);

  useEffect(() => {
    form.setFieldsValue({
      id: user.id,
      fullName: user.fullName,
      displayName: user.displayName === user.fullName ? '' : user.displayName,
      userName: user.userName,
      email: user.email,
      mobile: user.mobile ?? '',
      countryId: user.countryId ?? session?.user.clinicCountryId ?? 'CN3',
      isActive: user.isActive,
      isDoctor: user.isDoctor,
      branchId: user.branchId ?? undefined,
    });
    setRoleId(user.roleId);
  }, [form, user, session?.user.clinicCountryId]);

  const submit = async (values: ProfileValues) => {
    setSaving(true);
    try {
      await update.mutateAsync({ ...values, id: user.id });
      notify.success(tc('crud.saved'));
    } catch (error) {
      handleFormError(form, error);
    } finally {
      setSaving(false);
    }
  };

  const changeRole = async (next: number) => {
    setRoleId(next);
    try {
      await saveRole.mutateAsync({ userId: user.id, roleId: next });
      notify.success(t('details.roleSaved'));
    } catch (error) {
      setRoleId(user.roleId);
      handleFormError(form, error);
    }
  };

  return (
    <Form<ProfileValues>
      form={form}
      layout="vertical"
      onFinish={submit}
      disabled={saving || readOnly}
      className="user-form"
    >
      <IdentityFields user={user} />
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item label={t('fields.role')} extra={canChangeRole ? t('details.roleHelp') : undefined}>
            <Select
              aria-label={t('fields.role')}
              value={roleId}
              disabled={!canChangeRole || saveRole.isPending}
              loading={roles.isLoading || saveRole.isPending}
              options={roleOptions(roles.data?.items, session?.user.userRole === 'RL1')}
              onChange={(v: number) => void changeRole(v)}
              showSearch={{ optionFilterProp: 'label' }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item name="branchId" label={t('fields.homeBranch')} {...zodField(updateUserInput.shape.branchId)}>
            <Select options={user.branches.map((b) => ({ value: b.id, label: b.name }))} />
          </Form.Item>
        </Col>
        <Col xs={12} md={3}>
          <Form.Item name="isDoctor" label={t('fields.isDoctor')} valuePropName="checked" tooltip={t('fields.isDoctorHelp')}>
            <Switch />
          </Form.Item>
        </Col>
        <Col xs={12} md={3}>
          <Form.Item name="isActive" label={t('fields.active')} valuePropName="checked">
            <Switch disabled={self} />
          </Form.Item>
        </Col>
      </Row>
      {!readOnly && (
        <Button type="primary" htmlType="submit" loading={saving}>
          {tc('actions.save')}
        </Button>
      )}
    </Form>
  );
}

/** The branches a user may work in (UpdateUserBranch); the home branch stays among them. */
function BranchesTab({ user, self, readOnly }: { user: UserDetails; self: boolean; readOnly: boolean }) {
  const { t } = useTranslation('users');
  const { t: tc } = useTranslation();
  const [form] = Form.useForm<{ branchIds: number[] }>();
  const save = useUpdateUserBranch();
  const mine = useMyBranches();
  const session = useSession();
  const [saving, setSaving] = useState(false);
  const owner = user.baseRole === 'RL1';
  const locked = readOnly || owner || (self && session?.user.userRole !== 'RL1');
  // the caller's branches, plus any the user already has (which the caller may keep or take away)
  const options = [
    ...(mine.data?.items ?? []).map((b) => ({ value: b.branchId, label: b.name })),
    ...user.branches
      .filter((b) => !mine.data?.items.some((m) => m.branchId === b.id))
      .map((b) => ({ value: b.id, label: b.name })),
  ];
  useEffect(() => form.setFieldsValue({ branchIds: user.branchIds }), [form, user.branchIds]);

  const submit = async (values: { branchIds: number[] }) => {
    setSaving(true);
    try {
      await save.mutateAsync({ userId: user.id, branchIds: values.branchIds });
      notify.success(tc('crud.saved'));
    } catch (error) {
      handleFormError(form, error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={submit} disabled={saving || locked}>
      <Typography.Paragraph type="secondary">
        {owner ? t('details.ownerAllBranches') : t('details.branchesHelp')}
      </Typography.Paragraph>
      <Form.Item
        name="branchIds"
        label={t('fields.branches')}
        required
        rules={[
          zodRule(updateUserBranchInput.shape.branchIds),
          {
            validator: async (_r, ids: number[] | undefined) => {
              if (user.branchId && ids?.length && !ids.includes(user.branchId))
                throw new Error(fieldErrorText('home_branch_required'));
            },
          },
        ]}
      >
        <Select mode="multiple" options={options} optionFilterProp="label" style={{ maxWidth: 520 }} />
      </Form.Item>
      {!locked && (
        <Button type="primary" htmlType="submit" loading={saving}>
          {tc('actions.save')}
        </Button>
      )}
    </Form>
  );
}

/** Issue a one-time reset code (User/ResetPasswordByAdmin) and show it once, with how to use it. */
function SecurityTab({ user }: { user: UserDetails }) {
  const { t } = useTranslation('users');
  const { t: tc } = useTranslation();
  const issue = useIssueResetCode();
  const session = useSession();
  const [code, setCode] = useState<{ code: string; expiresAt: string } | null>(null);
  const address = `${window.location.origin}/user/ResetPasswordByAdmin`;
  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('details.resetTitle')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('details.resetText')}</Typography.Paragraph>
      <Popconfirm
        title={t('details.resetButton')}
        description={t('details.resetConfirm', { name: user.fullName })}
        okText={tc('actions.confirm')}
        cancelText={tc('actions.cancel')}
        onConfirm={async () => setCode(await issue.mutateAsync({ userId: user.id }))}
      >
        <Button icon={<KeyOutlined />} loading={issue.isPending}>
          {t('details.resetButton')}
        </Button>
      </Popconfirm>
      <Modal
        open={!!code}
        title={t('details.codeTitle')}
        onCancel={() => setCode(null)}
        footer={<Button onClick={() => setCode(null)}>{tc('actions.close')}</Button>}
        destroyOnHidden
      >
        {code && (
          <Flex vertical gap="middle">
            <Flex align="center" gap="small" justify="center">
              <Typography.Text code className="reset-code" style={{ fontSize: 22 }}>
                <bdi dir="ltr">{code.code}</bdi>
              </Typography.Text>
              <Button
                icon={<CopyOutlined />}
                aria-label={t('password.copy')}
                onClick={() => void copyText(code.code, t)}
              />
            </Flex>
            <Typography.Paragraph>
              {t('details.codeText', {
                name: user.fullName,
                clinic: session?.user.clinicName,
                userName: user.userName,
              })}
            </Typography.Paragraph>
            <Descriptions column={1} size="small" bordered>
              <Descriptions.Item label={t('details.codeAddress')}>
                <Typography.Text copyable={{ text: address }}>
                  <bdi dir="ltr">{address}</bdi>
                </Typography.Text>
              </Descriptions.Item>
            </Descriptions>
            <Alert type="info" showIcon message={t('details.codeExpires', { date: formatDateTime(code.expiresAt) })} />
          </Flex>
        )}
      </Modal>
    </>
  );
}

/** /UserDetails/:ID?: edit a user (key user_edit): profile, branches, working days, password reset, delete. */
export default function UserDetailsPage() {
  const { t } = useTranslation('users');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const { ID } = useParams();
  const userId = ID && /^\d+$/.test(ID) ? Number(ID) : undefined;
  const session = useSession();
  const user = useUser(userId, !!userId);
  const remove = useDeleteUser();
  const canDelete = useCan('user_delete');
  const rtl = isRtl(currentLanguage());

  if (!userId)
    return (
      <Card>
        <Result
          status="info"
          title={t('details.noId')}
          extra={<Button onClick={() => navigate('/UsersList')}>{t('register.openList')}</Button>}
        />
      </Card>
    );
  if (user.isLoading)
    return (
      <Card>
        <Skeleton active avatar paragraph={{ rows: 6 }} />
      </Card>
    );
  if (!user.data)
    return (
      <Card>
        <Result
          status="404"
          title={t('details.notFound')}
          extra={<Button onClick={() => navigate('/UsersList')}>{t('register.openList')}</Button>}
        />
      </Card>
    );

  const u = user.data;
  const self = u.id === session?.user.userId;
  const mayDelete = canDelete && !self && (u.baseRole !== 'RL1' || session?.user.userRole === 'RL1');
  const mayTouch = u.baseRole !== 'RL1' || session?.user.userRole === 'RL1';

  return (
    <Card>
      <Flex justify="space-between" align="start" wrap gap="middle" style={{ marginBlockEnd: 16 }}>
        <Flex gap="middle" align="center" wrap style={{ minWidth: 0, flex: '1 1 240px' }}>
          <Button
            type="text"
            icon={rtl ? <ArrowRightOutlined /> : <ArrowLeftOutlined />}
            aria-label={tc('actions.back')}
            onClick={() => navigate('/UsersList')}
          />
          <UserPhotoUpload
            userId={u.id}
            thumbnailUrl={u.thumbnailUrl}
            name={u.fullName}
            size={64}
            compact
            readOnly={!mayTouch}
            onUploaded={(r) => self && updateUser({ photoJson: r.photoJson })}
          />
          {/* a long name wraps inside the card instead of running off a 390 px screen (issue 18) */}
          <div style={{ minWidth: 0 }}>
            <Typography.Title level={3} style={{ margin: 0, overflowWrap: 'anywhere' }}>
              {u.fullName}
            </Typography.Title>
            <Space size="small" wrap>
              <Tag color="blue">{roleName(u)}</Tag>
              <StatusTag active={u.isActive} />
              <Typography.Text type="secondary">
                <bdi dir="ltr">{u.userName}</bdi>
              </Typography.Text>
            </Space>
          </div>
        </Flex>
        {mayDelete && (
          <Popconfirm
            title={t('details.delete')}
            description={t('details.deleteConfirm', { name: u.fullName })}
            okText={tc('actions.delete')}
            okButtonProps={{ danger: true }}
            cancelText={tc('actions.cancel')}
            onConfirm={async () => {
              await remove.mutateAsync({ id: u.id });
              notify.success(t('details.deleted'));
              navigate('/UsersList');
            }}
          >
            <Button danger icon={<DeleteOutlined />}>
              {t('details.delete')}
            </Button>
          </Popconfirm>
        )}
      </Flex>
      {!mayTouch && <Alert type="warning" showIcon message={t('details.ownerOnly')} style={{ marginBlockEnd: 16 }} />}
      <Tabs
        items={[
          {
            key: 'profile',
            label: t('details.tabs.profile'),
            children: <ProfileTab user={u} self={self} readOnly={!mayTouch} />,
          },
          {
            key: 'branches',
            label: t('details.tabs.branches'),
            children: <BranchesTab user={u} self={self} readOnly={!mayTouch} />,
          },
          {
            key: 'workingDays',
            label: t('details.tabs.workingDays'),
            children: <WorkingDaysEditor user={u} readOnly={!mayTouch} />,
          },
          ...(mayTouch && !self
            ? [{ key: 'security', label: t('details.tabs.security'), children: <SecurityTab user={u} /> }]
            : []),
        ]}
      />
    </Card>
  );
}
