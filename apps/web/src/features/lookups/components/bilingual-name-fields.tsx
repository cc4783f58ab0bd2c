import { Form, Input, Switch } from 'antd';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { zodField } from '../../../lib/form';

/**
 * Arabic name, English name, the optional French name (the English one is shown in French when empty) and the active
 * switch, validated by the call's own schema fields.
 */
export function BilingualNameFields({ shape }: { shape: { nameAr: z.ZodType; nameEn: z.ZodType; nameFr: z.ZodType } }) {
  const { t } = useTranslation('lookups');
  return (
    <>
      <Form.Item name="nameAr" label={t('nameAr')} {...zodField(shape.nameAr)}>
        <Input maxLength={100} dir="rtl" autoFocus />
      </Form.Item>
      <Form.Item name="nameEn" label={t('nameEn')} {...zodField(shape.nameEn)}>
        <Input maxLength={100} dir="ltr" />
      </Form.Item>
      <Form.Item name="nameFr" label={t('nameFr')} extra={t('nameFrHint')} {...zodField(shape.nameFr)}>
        <Input maxLength={100} dir="ltr" />
      </Form.Item>
      <Form.Item name="isActive" label={t('active')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </>
  );
}
