import { EnvironmentOutlined } from '@ant-design/icons';
import { Button, Form, type FormInstance, InputNumber, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { pairedRule, zodRule } from '../lib/form';
import { notify } from '../lib/toast';

interface LocationFieldProps {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form that has latitude and longitude
  form: FormInstance<any>;
  latitude: z.ZodType;
  longitude: z.ZodType;
  label?: string;
  extra?: string;
  /** Ids for the two inputs, when another form on the page has fields of the same names. */
  idPrefix?: string;
}

/**
 * Latitude and longitude in degrees (form values `latitude` and `longitude`), both or neither, typed or taken from
 * this device's location. Written left to right in every language.
 */
export function LocationField({ form, latitude, longitude, label, extra, idPrefix }: LocationFieldProps) {
  const { t } = useTranslation();
  const useMine = () => {
    if (!navigator.geolocation) return notify.error(t('location.unavailable'));
    navigator.geolocation.getCurrentPosition(
      (pos) =>
        form.setFieldsValue({
          latitude: Number(pos.coords.latitude.toFixed(6)),
          longitude: Number(pos.coords.longitude.toFixed(6)),
        }),
      () => notify.error(t('location.unavailable')),
    );
  };
  const coordinates = [
    { name: 'latitude', other: 'longitude', max: 90, schema: latitude },
    { name: 'longitude', other: 'latitude', max: 180, schema: longitude },
  ] as const;
  return (
    <Form.Item label={label ?? t('location.label')} extra={extra}>
      <Space.Compact style={{ width: '100%' }} dir="ltr">
        {coordinates.map(({ name, other, max, schema }) => (
          <Form.Item key={name} name={name} noStyle rules={[zodRule(schema), pairedRule(other)]} dependencies={[other]}>
            <InputNumber
              id={idPrefix && `${idPrefix}-${name}`}
              aria-label={t(`location.${name}`)}
              placeholder={t(`location.${name}`)}
              min={-max}
              max={max}
              step={0.000001}
              style={{ width: '50%' }}
            />
          </Form.Item>
        ))}
        <Button icon={<EnvironmentOutlined />} aria-label={t('location.useMine')} title={t('location.useMine')} onClick={useMine} />
      </Space.Compact>
    </Form.Item>
  );
}
