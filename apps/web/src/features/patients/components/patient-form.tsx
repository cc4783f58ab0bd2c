import {
  LANGUAGES,
  type PatientDetails,
  type SavePatientInput,
  authCalls,
  nationalIdIssue,
  nationalIdLength,
  savePatientInput,
  tierRank,
} from '@dental/contract';
import { Alert, Button, Card, Col, DatePicker, Flex, Form, Input, Modal, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { LocationField } from '../../../components/location-field';
import { PhoneInput } from '../../../components/phone-input';
import { ApiError } from '../../../lib/api';
import { DATE_FORMAT } from '../../../lib/format';
import { handleFormError, zodField, zodRule } from '../../../lib/form';
import { fieldErrorText } from '../../../lib/i18n';
import { localName } from '../../../lib/local-name';
import { DEFAULT_DIAL } from '../../../lib/phone';
import { useCall } from '../../../lib/query';
import { useSession } from '../../../lib/session';
import { systemOptions } from '../../../lib/system-lookups';
import { useAddPatientToBranch, useClinicList, useInsuranceCompanyOptions, useSavePatient } from '../api';
import { mobileIssue } from '../mobile';
import { PatientPicker } from './patient-picker';

const fields = savePatientInput.shape;
type Values = Omit<z.input<typeof savePatientInput>, 'dateOfBirth' | 'insuranceStartDate' | 'insuranceEndDate'> & {
  dateOfBirth?: Dayjs | null;
  insuranceStartDate?: Dayjs | null;
  insuranceEndDate?: Dayjs | null;
};

const toDay = (v: string | null | undefined) => (v ? dayjs(v) : null);
const fromDay = (v: Dayjs | null | undefined) => (v ? v.format('YYYY-MM-DD') : null);

/** The form's values of a patient; the branches shown are the user's own (`mine`; the others stay on save). */
function toValues(p: PatientDetails, mine?: ReadonlySet<number>): Values {
  return {
    ...p,
    branchIds: mine ? p.branchIds.filter((b) => mine.has(b)) : p.branchIds,
    parentId: p.parent?.id ?? null,
    insuranceCompanyId: p.insuranceCompany?.id ?? null,
    dateOfBirth: toDay(p.dateOfBirth),
    insuranceStartDate: toDay(p.insuranceStartDate),
    insuranceEndDate: toDay(p.insuranceEndDate),
  } as Values;
}

interface PatientFormProps {
  patient?: PatientDetails;
  onSaved: (result: { id: number; code: string }) => void;
  onCancel: () => void;
}

/**
 * Every patient field of spec §3 in sections. The mobile is required unless a house head is chosen; the national
 * id's length follows the clinic's country; a new name that exists already is confirmed before saving. A user of
 * some branches whose new patient's mobile is a patient's of another branch is offered to add that patient to
 * their branch (AddPatientToBranch) or to add a new patient anyway.
 */
export function PatientForm({ patient, onSaved, onCancel }: PatientFormProps) {
  const { t } = useTranslation('patients');
  const { t: tc } = useTranslation();
  const [form] = Form.useForm<Values>();
  const session = useSession();
  const user = session?.user;
  const country = user?.clinicCountryId ?? 'CN3';
  const insuranceOpen = !!user && tierRank(user.subscriptionType) >= tierRank('ST2');
  const save = useSavePatient();
  const addToBranch = useAddPatientToBranch();
  const branches = useCall(authCalls.getClinicBranches, {}, { staleTime: 60_000 });
  const references = useClinicList('PatientReference');
  const occupations = useClinicList('Occupation');
  const nationalities = useClinicList('Nationality');
  const relatives = useClinicList('RelativeType');
  const companies = useInsuranceCompanyOptions(insuranceOpen);
  const parentId = Form.useWatch('parentId', form);

  const myBranches = branches.data?.items;
  useEffect(() => {
    if (patient && myBranches) form.setFieldsValue(toValues(patient, new Set(myBranches.map((b) => b.branchId))));
  }, [patient, myBranches, form]);

  const lookup = (q: typeof references) => (q.data?.items ?? []).map((i) => ({ value: i.id, label: localName(i) }));

  const submit = async (values: Values, confirmDuplicateName = false, confirmOtherBranch = false) => {
    const input: SavePatientInput = {
      ...(values as unknown as SavePatientInput),
      id: patient?.id,
      mobile: values.mobile || null,
      dateOfBirth: fromDay(values.dateOfBirth),
      insuranceStartDate: fromDay(values.insuranceStartDate),
      insuranceEndDate: fromDay(values.insuranceEndDate),
      confirmDuplicateName,
      confirmOtherBranch,
    };
    try {
      onSaved(await save.mutateAsync(input));
    } catch (error) {
      if (error instanceof ApiError && error.body.code === 'patient_name_exists') {
        Modal.confirm({
          title: t('form.duplicateTitle'),
          content: error.message,
          okText: t('form.duplicateConfirm'),
          cancelText: tc('actions.cancel'),
          onOk: () => submit(values, true, confirmOtherBranch),
        });
        return;
      }
      if (error instanceof ApiError && error.body.code === 'patient_in_other_branch' && input.mobile) {
        const mobile = input.mobile;
        const dialog = Modal.confirm({
          title: t('form.otherBranchTitle'),
          width: 520,
          content: error.message,
          okText: t('form.addToMyBranch'),
          cancelText: tc('actions.cancel'),
          footer: (_, { OkBtn, CancelBtn }) => (
            <Flex gap={8} justify="end" wrap>
              <CancelBtn />
              <Button
                onClick={() => {
                  dialog.destroy();
                  void submit(values, confirmDuplicateName, true);
                }}
              >
                {t('form.addNewAnyway')}
              </Button>
              <OkBtn />
            </Flex>
          ),
          onOk: async () => {
            const added = await addToBranch.mutateAsync({ mobile });
            const first = added.items[0];
            if (first) onSaved({ id: first.id, code: first.code });
          },
        });
        return;
      }
      handleFormError(form, error);
    }
  };

  const nationalIdRule = {
    validator: async (_: unknown, value: string | undefined) => {
      const issue = nationalIdIssue(country, value);
      if (issue) throw new Error(fieldErrorText(issue));
    },
  };
  const col = { xs: 24, md: 12, xl: 8 };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={{ smsLanguage: 'ar', patientType: 'PT1', branchIds: user?.branchId ? [user.branchId] : [] }}
      onFinish={(v) => submit(v)}
      scrollToFirstError
    >
      <Card title={t('sections.identity')} size="small" style={{ marginBlockEnd: 16 }}>
        <Row gutter={16}>
          <Col {...col}>
            <Form.Item name="name" label={t('fields.name')} {...zodField(fields.name)}>
              <Input maxLength={150} autoFocus />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item
              name="mobile"
              label={t('fields.mobile')}
              required={!parentId}
              extra={t('form.mobileHint')}
              rules={[
                zodRule(fields.mobile),
                // a valid mobile of its country (libphonenumber), as the server checks it: a 9-digit Egyptian number is not
                { validator: async (_, v) => { const issue = mobileIssue(v, country); if (issue) throw new Error(fieldErrorText(issue)); } },
                { validator: async (_, v) => { if (!v && !form.getFieldValue('parentId')) throw new Error(fieldErrorText('field_required')); } },
              ]}
              dependencies={['parentId']}
            >
              <PhoneInput defaultDial={DEFAULT_DIAL[country]} />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item
              name="nationalId"
              label={t('fields.nationalId')}
              rules={[zodRule(fields.nationalId), nationalIdRule]}
            >
              <Input dir="ltr" inputMode="numeric" maxLength={nationalIdLength(country)} showCount />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item name="email" label={t('fields.email')} rules={[zodRule(fields.email)]}>
              <Input dir="ltr" type="email" maxLength={200} />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item name="dateOfBirth" label={t('fields.dateOfBirth')}>
              <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item name="gender" label={t('fields.gender')}>
              <Select allowClear options={systemOptions('Gender')} />
            </Form.Item>
          </Col>
        </Row>
      </Card>

      <Card title={t('sections.family')} size="small" style={{ marginBlockEnd: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="parentId" label={t('fields.parent')}>
              <PatientPicker
                initial={patient?.parent ?? null}
                excludeId={patient?.id}
                placeholder={t('form.pickParent')}
                onChange={() => form.validateFields(['mobile']).catch(() => undefined)}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="relativeTypeId" label={t('fields.relativeType')}>
              <Select allowClear options={lookup(relatives)} loading={relatives.isLoading} />
            </Form.Item>
          </Col>
        </Row>
      </Card>

      <Card title={t('sections.personal')} size="small" style={{ marginBlockEnd: 16 }}>
        <Row gutter={16}>
          <Col {...col}>
            <Form.Item name="maritalStatus" label={t('fields.maritalStatus')}>
              <Select allowClear options={systemOptions('MaritalStatus')} />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item name="occupationId" label={t('fields.occupation')}>
              <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={lookup(occupations)} />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item name="nationalityId" label={t('fields.nationality')}>
              <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={lookup(nationalities)} />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item name="employer" label={t('fields.employer')} rules={[zodRule(fields.employer)]}>
              <Input maxLength={150} />
            </Form.Item>
          </Col>
          <Col {...col}>
            <LocationField
              form={form}
              latitude={fields.latitude}
              longitude={fields.longitude}
              label={t('fields.latitude') + ' / ' + t('fields.longitude')}
            />
          </Col>
        </Row>
      </Card>

      <Card title={t('sections.insurance')} size="small" style={{ marginBlockEnd: 16 }}>
        {insuranceOpen ? (
          <Row gutter={16}>
            <Col {...col}>
              <Form.Item name="insuranceCompanyId" label={t('fields.insuranceCompany')}>
                <Select
                  allowClear
                  showSearch={{ optionFilterProp: 'label' }}
                  loading={companies.isLoading}
                  options={(companies.data?.items ?? []).map((c) => ({ value: c.id, label: c.name }))}
                />
              </Form.Item>
            </Col>
            {(['insuranceNo', 'policyNo', 'dependentCode', 'membershipNo', 'certificateNo', 'relatedCompany'] as const).map((name) => (
              <Col {...col} key={name}>
                <Form.Item name={name} label={t(`fields.${name}`)} rules={[zodRule(fields[name])]}>
                  <Input maxLength={name === 'relatedCompany' ? 150 : 50} />
                </Form.Item>
              </Col>
            ))}
            <Col {...col}>
              <Form.Item name="insuranceStartDate" label={t('fields.insuranceStartDate')}>
                <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col {...col}>
              <Form.Item
                name="insuranceEndDate"
                label={t('fields.insuranceEndDate')}
                dependencies={['insuranceStartDate']}
                rules={[
                  ({ getFieldValue }) => ({
                    validator: async (_, v: Dayjs | null) => {
                      const start: Dayjs | null = getFieldValue('insuranceStartDate');
                      if (v && start && !v.isAfter(start, 'day')) throw new Error(fieldErrorText('date_after_start'));
                    },
                  }),
                ]}
              >
                <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Row>
        ) : (
          <Alert type="info" showIcon message={t('form.insuranceLocked')} />
        )}
      </Card>

      <Card title={t('sections.settings')} size="small" style={{ marginBlockEnd: 16 }}>
        <Row gutter={16}>
          <Col {...col}>
            <Form.Item name="patientType" label={t('fields.patientType')} {...zodField(fields.patientType)}>
              <Select options={systemOptions('PatientType')} />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item name="branchIds" label={t('fields.branches')} {...zodField(fields.branchIds)}>
              <Select
                mode="multiple"
                loading={branches.isLoading}
                options={(branches.data?.items ?? []).map((b) => ({ value: b.branchId, label: b.name }))}
              />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item name="referenceId" label={t('fields.reference')}>
              <Select allowClear options={lookup(references)} />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item name="smsLanguage" label={t('fields.smsLanguage')}>
              <Select options={LANGUAGES.map((l) => ({ value: l, label: t(`languages.${l}`) }))} />
            </Form.Item>
          </Col>
        </Row>
      </Card>

      <Flex gap="small" justify="end">
        <Button onClick={onCancel}>{tc('actions.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('form.save')}
        </Button>
      </Flex>
    </Form>
  );
}
