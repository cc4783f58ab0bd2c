import { WarningOutlined } from '@ant-design/icons';
import { LIMITS, type PatientPickerItem } from '@dental/contract';
import { Alert, Select, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebounced } from '../../../components/list-page/use-list-params';
import { usePatientPicker } from '../api';
import { MobileText } from '../mobile';

interface PatientPickerProps {
  id?: string;
  value?: number | null;
  onChange?: (value: number | null, patient?: PatientPickerItem) => void;
  /** The chosen patient when the form loads (so its name shows before any search). */
  initial?: Pick<PatientPickerItem, 'id' | 'name' | 'code'> | null;
  excludeId?: number;
  placeholder?: string;
  allowClear?: boolean;
}

/**
 * Picks a patient by name, mobile or code (GetPatientSearchByName, from 3 characters). A blacklist patient is
 * marked in the options and, once chosen, a warning shows under the field.
 */
export function PatientPicker({ id, value, onChange, initial, excludeId, placeholder, allowClear = true }: PatientPickerProps) {
  const { t } = useTranslation('patients');
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search.trim());
  const found = usePatientPicker(debounced, excludeId);
  const [chosen, setChosen] = useState<Pick<PatientPickerItem, 'id' | 'name' | 'code'> & { patientType?: string } | null>(initial ?? null);
  const items = found.data?.items ?? [];
  const options = [
    ...(chosen && !items.some((p) => p.id === chosen.id) ? [chosen] : []),
    ...items,
  ].map((p) => ({
    value: p.id,
    label: (
      <Space size={4}>
        {'patientType' in p && p.patientType === 'PT3' && <WarningOutlined style={{ color: '#cf1322' }} aria-label={t('blacklistWarning')} />}
        <span>{p.name}</span>
        <Typography.Text type="secondary">#{p.code}</Typography.Text>
        {'mobile' in p && !!p.mobile && <Typography.Text type="secondary"><MobileText value={p.mobile as string} /></Typography.Text>}
      </Space>
    ),
  }));
  const notFoundContent =
    debounced.length < LIMITS.patientSearchMinChars ? t('picker.typeMore') : found.isFetching ? <Spin size="small" /> : t('picker.none');
  return (
    <>
      <Select<number>
        id={id}
        showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
        value={value ?? undefined}
        placeholder={placeholder ?? t('picker.placeholder')}
        allowClear={allowClear}
        options={options}
        notFoundContent={notFoundContent}
        onChange={(v) => {
          const patient = items.find((p) => p.id === v);
          setChosen(patient ?? (v ? chosen : null));
          onChange?.(v ?? null, patient);
        }}
        style={{ width: '100%' }}
      />
      {chosen && 'patientType' in chosen && chosen.patientType === 'PT3' && value === chosen.id && (
        <Alert type="warning" showIcon message={t('blacklistWarning')} style={{ marginBlockStart: 8 }} />
      )}
    </>
  );
}
