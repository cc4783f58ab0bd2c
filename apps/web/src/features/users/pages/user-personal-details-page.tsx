import { EditOutlined, LockOutlined } from '@ant-design/icons';
import {
  LANGUAGES,
  type Language,
  THEMES,
  type Theme,
  TOOTH_NUMBERING,
  type ToothNumbering,
  changePasswordInput,
  password,
  systemLookupItems,
} from '@dental/contract';
import { useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Col,
  Descriptions,
  Flex,
  Form,
  Input,
  Row,
  Segmented,
  Skeleton,
  Space,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { LANGUAGE_NAMES } from '../../../app/shell/language-menu';
import { PasswordChecklist } from '../../auth/components/password-checklist';
import { MobileText } from '../../patients/mobile';
import { handleFormError, sameAsRule, zodField, zodRule } from '../../../lib/form';
import { setLanguage } from '../../../lib/i18n';
import { useCan } from '../../../lib/permissions';
import { getSession, setSession, updateUser, useSession } from '../../../lib/session';
import { setTheme, useTheme } from '../../../lib/theme';
import { notify } from '../../../lib/toast';
import { useChangePassword, useUpdateLanguage, useUpdateTheme, useUpdateToothNumbering, useUser } from '../api';
import { UserPhotoUpload } from '../components/photo-upload';
import { WorkingDaysEditor } from '../components/working-days-editor';
import { roleName } from '../role-name';

type PasswordValues = z.input<typeof changePasswordInput>;

/** Own password (ChangePassword): the current one, then a new one checked live against the rules of spec §5. */
function ChangePasswordCard() {
  const { t } = useTranslation('users');
  const [form] = Form.useForm<PasswordValues>();
  const change = useChangePassword();
  const [saving, setSaving] = useState(false);
  const value = Form.useWatch('newPassword', form) as string | undefined;

  const submit = async (values: PasswordValues) => {
    setSaving(true);
    try {
      const fresh = await change.mutateAsync(values);
      // every other session ended; this tab carries on with the new token
      const session = getSession();
      if (session) setSession({ ...session, token: fresh.token, expiredTokenDate: fresh.expiredTokenDate });
      form.resetFields();
      notify.success(t('profile.passwordChanged'));
    } catch (error) {
      handleFormError(form, error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title={t('profile.password')} size="small">
      <Typography.Paragraph type="secondary">{t('profile.passwordHelp')}</Typography.Paragraph>
      <Form<PasswordValues> form={form} layout="vertical" onFinish={submit} disabled={saving} style={{ maxWidth: 420 }}>
        <Form.Item
          name="currentPassword"
          label={t('fields.currentPassword')}
          {...zodField(changePasswordInput.shape.currentPassword)}
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('fields.newPassword')}
          {...zodField(password)}
          style={{ marginBottom: 8 }}
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
        </Form.Item>
        <PasswordChecklist value={value} />
        <Form.Item
          name="confirmPassword"
          label={t('fields.confirmPassword')}
          dependencies={['newPassword']}
          required
          rules={[zodRule(changePasswordInput.shape.confirmPassword), sameAsRule('newPassword')]}
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('profile.passwordSubmit')}
        </Button>
      </Form>
    </Card>
  );
}

/**
 * Language, theme and tooth numbering, saved with the account (UpdateUserLanguage / UpdateUserTheme /
 * UpdateUserToothNumbering) and applied at once.
 */
function PreferencesCard() {
  const { t, i18n } = useTranslation('users');
  const queryClient = useQueryClient();
  const saveLanguage = useUpdateLanguage();
  const saveTheme = useUpdateTheme();
  const saveNumbering = useUpdateToothNumbering();
  const numbering = useSession()?.user.toothNumberingSystem ?? 'FDI';
  const theme = useTheme();
  const language = i18n.language as Language;

  const chooseLanguage = async (next: Language) => {
    await saveLanguage.mutateAsync({ language: next });
    updateUser({ language: next, userLanguage: next });
    await setLanguage(next);
    await queryClient.invalidateQueries(); // server texts come in the request language
    notify.success(t('profile.saved'));
  };
  const chooseNumbering = async (next: ToothNumbering) => {
    await saveNumbering.mutateAsync({ toothNumberingSystem: next });
    updateUser({ toothNumberingSystem: next });
    notify.success(t('profile.saved'));
  };
  const chooseTheme = async (next: Theme) => {
    await saveTheme.mutateAsync({ theme: next });
    updateUser({ theme: next });
    setTheme(next);
    notify.success(t('profile.saved'));
  };

  return (
    <Card title={t('profile.preferences')} size="small">
      <Typography.Paragraph type="secondary">{t('profile.preferencesHelp')}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={t('fields.language')}>
          <Segmented<Language>
            aria-label={t('fields.language')}
            value={language}
            disabled={saveLanguage.isPending}
            options={LANGUAGES.map((l) => ({ value: l, label: <span lang={l}>{LANGUAGE_NAMES[l]}</span> }))}
            onChange={(v) => void chooseLanguage(v).catch(() => undefined)}
          />
        </Form.Item>
        <Form.Item label={t('fields.theme')}>
          <Segmented<Theme>
            aria-label={t('fields.theme')}
            value={theme}
            disabled={saveTheme.isPending}
            options={THEMES.map((v) => ({ value: v, label: t(`profile.${v}`) }))}
            onChange={(v) => void chooseTheme(v).catch(() => undefined)}
          />
        </Form.Item>
        <Form.Item label={t('fields.toothNumbering')}>
          <Segmented<ToothNumbering>
            aria-label={t('fields.toothNumbering')}
            value={numbering}
            disabled={saveNumbering.isPending}
            options={TOOTH_NUMBERING.map((v) => ({ value: v, label: v }))}
            onChange={(v) => void chooseNumbering(v).catch(() => undefined)}
          />
        </Form.Item>
      </Form>
    </Card>
  );
}

/** /UserPersonalDetails: one's own profile (photo, details, password, language, theme, working days). */
export default function UserPersonalDetailsPage() {
  const { t, i18n } = useTranslation('users');
  const navigate = useNavigate();
  const me = useUser();
  const canEdit = useCan('user_edit');
  const user = me.data;
  const lang = i18n.language as Language;
  const country = systemLookupItems('Country').find((c) => c.code === user?.countryId);

  return (
    <Flex vertical gap="middle">
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('profile.title')}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <Card
            title={t('profile.details')}
            size="small"
            extra={
              canEdit && user ? (
                <Button type="link" icon={<EditOutlined />} onClick={() => navigate(`/UserDetails/${user.id}`)}>
                  {t('profile.editDetails')}
                </Button>
              ) : null
            }
          >
            {!user ? (
              <Skeleton active avatar />
            ) : (
              <Flex vertical gap="middle" align="stretch">
                <UserPhotoUpload
                  userId={user.id}
                  thumbnailUrl={user.thumbnailUrl}
                  name={user.fullName}
                  onUploaded={(r) => updateUser({ photoJson: r.photoJson })}
                />
                <Descriptions column={1} size="small">
                  <Descriptions.Item label={t('fields.fullName')}>{user.fullName}</Descriptions.Item>
                  <Descriptions.Item label={t('fields.displayName')}>{user.displayName}</Descriptions.Item>
                  <Descriptions.Item label={t('fields.userName')}>
                    <bdi dir="ltr">{user.userName}</bdi>
                  </Descriptions.Item>
                  <Descriptions.Item label={t('fields.email')}>
                    <bdi dir="ltr">{user.email}</bdi>
                  </Descriptions.Item>
                  <Descriptions.Item label={t('fields.mobile')}>
                    <MobileText value={user.mobile} />
                  </Descriptions.Item>
                  <Descriptions.Item label={t('fields.role')}>
                    {roleName(user)}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('fields.branches')}>
                    <Space size={[0, 4]} wrap>
                      {user.branches.map((b) => (
                        <Tag key={b.id} color={b.id === user.branchId ? 'blue' : undefined}>
                          {b.name}
                        </Tag>
                      ))}
                    </Space>
                  </Descriptions.Item>
                  {country && (
                    <Descriptions.Item label={t('fields.country')}>
                      {lang === 'ar' ? country.nameAr : lang === 'fr' ? country.nameFr : country.nameEn}
                    </Descriptions.Item>
                  )}
                  <Descriptions.Item label={t('workingDays.summary')}>
                    {user.workingHours ? (
                      <bdi dir="ltr">{user.workingHours.replace(',', ' – ')}</bdi>
                    ) : (
                      t('workingDays.none')
                    )}
                  </Descriptions.Item>
                </Descriptions>
              </Flex>
            )}
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Flex vertical gap="middle">
            <PreferencesCard />
            <ChangePasswordCard />
          </Flex>
        </Col>
      </Row>
      {user && user.workingDays.length > 0 && (
        <Card title={t('profile.workingHours')} size="small">
          <WorkingDaysEditor user={user} readOnly />
        </Card>
      )}
    </Flex>
  );
}
