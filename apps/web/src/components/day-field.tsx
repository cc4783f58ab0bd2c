import { DatePicker, type DatePickerProps, Form, type FormItemProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { DATE_FORMAT, ISO_DAY } from '../lib/format';

/**
 * A date field whose form value is the contract's 'YYYY-MM-DD' text (empty: null), shown and typed as
 * day/month/year (spec §9).
 */
export function DayField({
  pickerProps,
  ...props
}: Omit<FormItemProps, 'children' | 'getValueProps' | 'normalize'> & { pickerProps?: DatePickerProps }) {
  return (
    <Form.Item
      {...props}
      getValueProps={(value: string | null | undefined) => ({ value: value ? dayjs(value, ISO_DAY) : null })}
      normalize={(value: Dayjs | null) => (value ? value.format(ISO_DAY) : null)}
    >
      <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} {...pickerProps} />
    </Form.Item>
  );
}
