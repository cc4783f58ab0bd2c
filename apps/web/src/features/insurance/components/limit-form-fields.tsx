import { endsAfterStart, savePatientLimitInput } from '@dental/contract';
import { Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodField } from '../../../lib/form';
import { fieldErrorText } from '../../../lib/i18n';
import { useInsuranceCompanies } from '../api';
import { DayField } from '../../../components/day-field';

const fields = savePatientLimitInput.shape;

/**
 * The fields of a patient's insurance limit. The company list offers the active companies and keeps the limit's
 * current one even when it has been deactivated since.
 */
export function LimitFormFields({
  currency,
  current,
}: {
  currency: string;
  current?: { id: number; name: string } | null;
}) {
  const { t } = useTranslation('insurance');
  const companies = useInsuranceCompanies({ activeOnly: true, pageSize: 200 });
  const options = (companies.data?.items ?? []).map((c) => ({ value: c.id, label: c.name }));
  if (current && !options.some((o) => o.value === current.id)) options.push({ value: current.id, label: current.name });

  return (
    <>
      <Form.Item name="title" label={t('tab.limit.title')} {...zodField(fields.title)}>
        <Input maxLength={150} placeholder={t('tab.limit.titlePlaceholder')} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="amount" label={t('tab.limit.amount')} {...zodField(fields.amount)}>
            <InputNumber<string> stringMode step="100" suffix={currency} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="insuranceCompanyId" label={t('tab.limit.company')} {...zodField(fields.insuranceCompanyId)}>
            <Select
              allowClear
              placeholder={t('tab.limit.noCompany')}
              options={options}
              loading={companies.isLoading}
              showSearch={{ optionFilterProp: 'label' }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <DayField name="startDate" label={t('tab.limit.startDate')} {...zodField(fields.startDate)} />
        </Col>
        <Col xs={24} sm={12}>
          <DayField
            name="endDate"
            label={t('tab.limit.endDate')}
            dependencies={['startDate']}
            rules={[
              ...zodField(fields.endDate).rules,
              ({ getFieldValue }) => ({
                validator: async (_rule, endDate: string | null | undefined) => {
                  if (!endsAfterStart({ startDate: getFieldValue('startDate'), endDate }))
                    throw new Error(fieldErrorText('date_after_start'));
                },
              }),
            ]}
          />
        </Col>
      </Row>
      <Form.Item name="notes" label={t('tab.limit.notes')} {...zodField(fields.notes)}>
        <Input.TextArea rows={2} maxLength={1000} />
      </Form.Item>
    </>
  );
}
