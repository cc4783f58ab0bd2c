import { type SaveVacationInput, saveVacationInput } from '@dental/contract';
import { Form, type FormInstance, Input, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { zodField } from '../../../lib/form';
import { fieldErrorText } from '../../../lib/i18n';
import type { LeaveUser } from '../api';
import { DayField } from '../../../components/day-field';
import { ISO_DAY } from '../../../lib/format';

const fields = saveVacationInput.shape;

/** The end day may not come before the start day (the contract's end_date_before_start, checked as you pick). */
const endNotBeforeStart: Rule = ({ getFieldValue }) => ({
  validator: async (_rule, value: string | null | undefined) => {
    const start = getFieldValue('startDate') as string | null | undefined;
    if (value && start && value < start) throw new Error(fieldErrorText('end_date_before_start'));
  },
});

/** The fields of a vacation: name, user (empty: the whole clinic), first and last day, notes. */
export function VacationFormFields({ form, users }: { form: FormInstance<SaveVacationInput>; users: LeaveUser[] }) {
  const { t } = useTranslation('vacations');
  const start = Form.useWatch('startDate', form) as string | null | undefined;
  return (
    <>
      <Form.Item name="name" label={t('fields.name')} {...zodField(fields.name)}>
        <Input maxLength={150} autoFocus placeholder={t('form.namePlaceholder')} />
      </Form.Item>
      <Form.Item name="userId" label={t('fields.user')} extra={t('form.userHint')}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('wholeClinic')}
          options={users.map((u) => ({ value: u.id, label: u.name }))}
        />
      </Form.Item>
      <DayField name="startDate" label={t('fields.startDate')} {...zodField(fields.startDate)} />
      <DayField
        name="endDate"
        label={t('fields.endDate')}
        dependencies={['startDate']}
        required
        rules={[...zodField(fields.endDate).rules, endNotBeforeStart]}
        pickerProps={{ defaultPickerValue: start ? dayjs(start, ISO_DAY) : undefined }}
      />
      <Form.Item name="notes" label={t('fields.notes')} {...zodField(fields.notes)}>
        <Input.TextArea maxLength={500} rows={3} />
      </Form.Item>
    </>
  );
}
