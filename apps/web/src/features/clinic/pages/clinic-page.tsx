import { SaveOutlined } from '@ant-design/icons';
import {
  CLINIC_FLAGS,
  CLINIC_SOCIAL_LINKS,
  type ClinicDetail,
  type Country,
  type SaveClinicFormValues,
  saveClinicInput,
} from '@dental/contract';
import { Alert, App, Button, Card, ConfigProvider, Flex, Form, Grid, Select, Skeleton, Tabs, Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { ApiError } from '../../../lib/api';
import { fieldPath, handleFormError } from '../../../lib/form';
import { displayPhone, storedPhone } from '../../../lib/phone-text';
import { useCan } from '../../../lib/permissions';
import { updateUser } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { useClinic, useSaveClinic } from '../api';
import { BookingSection } from '../components/booking-section';
import { BranchesSection } from '../components/branches-section';
import { DetailsSection } from '../components/details-section';
import { FlagsSection } from '../components/flags-section';
import { type LogoChoice, NO_LOGO_CHANGE } from '../components/logo-picker';
import { SocialSection } from '../components/social-section';

const TABS = ['details', 'behaviour', 'booking', 'social', 'branches'] as const;
type Tab = (typeof TABS)[number];
type FormValues = Omit<SaveClinicFormValues, 'removeLogo'>;
const FORM_FIELDS = Object.keys(saveClinicInput.shape).filter((k) => k !== 'removeLogo') as (keyof FormValues)[];

/** Which tab shows a field, to open it when that field has an error. */
function tabOf(field: string): Tab {
  if ((CLINIC_FLAGS as readonly string[]).includes(field)) return 'behaviour';
  if (field.startsWith('appointmentBooking') || field === 'maxBookingsPerDay' || field === 'maxAttendanceDistance')
    return 'booking';
  if (field === 'website' || (CLINIC_SOCIAL_LINKS as readonly string[]).includes(field)) return 'social';
  return 'details';
}

const PHONE_FIELDS = ['mobile', 'msgNumber'] as const;

/** The form's values of a clinic: the fields SaveClinic takes, its numbers as the clinic's country writes them. */
const toForm = (clinic: ClinicDetail): FormValues => {
  const values = Object.fromEntries(FORM_FIELDS.map((k) => [k, clinic[k as keyof ClinicDetail]])) as FormValues;
  for (const k of PHONE_FIELDS) values[k] = clinic[k] ? displayPhone(clinic[k], clinic.countryId) : undefined;
  return values;
};

/** What SaveClinic is sent: the numbers as typed back in E.164 where they read as numbers of the clinic's country. */
const toSave = (values: FormValues, country: Country): FormValues => ({
  ...values,
  mobile: storedPhone(values.mobile as string | undefined, country),
  msgNumber: storedPhone(values.msgNumber as string | undefined, country),
});

/**
 * /Clinic: the clinic's own settings in tabs (details and logo, behaviour flags, online booking, website and
 * social links) saved together, and its branches. Read-only without clinic_edit.
 */
export default function ClinicPage() {
  const { t } = useTranslation('clinic');
  const { t: tc } = useTranslation();
  const clinic = useClinic();
  const save = useSaveClinic();
  const [form] = Form.useForm<FormValues>();
  const [tab, setTab] = useState<Tab>('details');
  const [logo, setLogo] = useState<LogoChoice>(NO_LOGO_CHANGE);
  const canEdit = useCan('clinic_edit');
  const readOnly = !canEdit;
  const { modal } = App.useApp();
  // five tab titles do not fit a phone's width: there the sections are chosen from a list
  const phone = !Grid.useBreakpoint().md;

  useEffect(() => {
    if (clinic.data) form.setFieldsValue(toForm(clinic.data));
  }, [clinic.data, form]);

  const showFirstError = (fields: string[]) => {
    const first = fields[0];
    if (first) setTab(tabOf(first));
  };

  const submit = async () => {
    let values: FormValues;
    try {
      values = await form.validateFields();
    } catch (error) {
      const errorFields = (error as { errorFields?: { name: (string | number)[] }[] }).errorFields ?? [];
      showFirstError(errorFields.map((f) => String(f.name[0])));
      return;
    }
    const country = clinic.data?.countryId;
    if (!country) return;
    // every member of staff types the login name: changing it deserves a second look
    const oldName = clinic.data?.clinicName;
    if (oldName && values.clinicName.trim() !== oldName) {
      const confirmed = await modal.confirm({
        title: t('details.renameTitle'),
        content: t('details.renameConfirm', { name: values.clinicName.trim() }),
        okText: tc('actions.save'),
        cancelText: tc('actions.cancel'),
      });
      if (!confirmed) return;
    }
    try {
      const saved = await save.mutateAsync({
        data: { ...toSave(values, country), removeLogo: logo.removed && !logo.file },
        logo: logo.file ?? undefined,
      });
      notify.success(tc('crud.saved'));
      setLogo(NO_LOGO_CHANGE);
      form.setFieldsValue(toForm(saved));
      updateUser({
        clinicName: saved.clinicName,
        clinicDisplayName: saved.displayName,
        showMessagePopup: saved.showMessagePopup,
        toothNumberingSystem: saved.toothNumberingSystem,
      });
    } catch (error) {
      handleFormError(form, error);
      if (error instanceof ApiError) showFirstError(Object.keys(error.fieldErrors).map((p) => String(fieldPath(p)[0])));
    }
  };

  if (clinic.isLoading) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  }
  if (!clinic.data) {
    return (
      <Card>
        <EmptyState description={tc('error.subtitle')}>
          <Button onClick={() => void clinic.refetch()}>{tc('actions.reload')}</Button>
        </EmptyState>
      </Card>
    );
  }

  const settingsTab = (key: Exclude<Tab, 'branches'>, children: ReactNode) => ({
    key,
    label: t(`tabs.${key}`),
    forceRender: true, // every field is registered, so one save validates and sends them all
    children,
  });

  return (
    <Card>
      <Flex justify="space-between" align="center" wrap gap="middle" style={{ marginBlockEnd: 8 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('title')}
        </Typography.Title>
        {canEdit && tab !== 'branches' && (
          <Button type="primary" icon={<SaveOutlined />} loading={save.isPending} onClick={submit}>
            {tc('actions.save')}
          </Button>
        )}
      </Flex>
      {readOnly && <Alert type="info" showIcon message={t('readOnly')} style={{ marginBlockEnd: 8 }} />}
      {/* no <form> element: Enter in the branch search must not save the clinic */}
      <Form form={form} layout="vertical" component={false} disabled={readOnly || save.isPending}>
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab(key as Tab)}
          renderTabBar={
            phone
              ? () => (
                  <Select<Tab>
                    aria-label={t('tabs.section')}
                    value={tab}
                    onChange={setTab}
                    options={TABS.map((key) => ({ value: key, label: t(`tabs.${key}`) }))}
                    style={{ width: '100%', marginBlockEnd: 16 }}
                  />
                )
              : undefined
          }
          items={[
            settingsTab(
              'details',
              <DetailsSection clinic={clinic.data} logo={logo} onLogoChange={setLogo} readOnly={readOnly} />,
            ),
            settingsTab('behaviour', <FlagsSection />),
            settingsTab('booking', <BookingSection />),
            settingsTab('social', <SocialSection />),
            {
              key: 'branches',
              label: t('tabs.branches'),
              // the branches have their own keys (clinic_branch_edit), not the settings form's read-only state
              children: (
                <ConfigProvider componentDisabled={false}>
                  <BranchesSection />
                </ConfigProvider>
              ),
            },
          ]}
        />
      </Form>
    </Card>
  );
}
