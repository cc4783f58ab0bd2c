import { CUSTOM_BASE_ROLES, type RoleItem, requiredEnum, saveRoleInput } from '@dental/contract';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodField } from '../../../lib/form';
import { localRoleName } from '../../users/role-name';
import { BaseRoleTag } from './role-tags';

const fields = saveRoleInput.shape;
/** A new role must say which role it acts as; the contract leaves it optional for renames. */
const newBaseRole = requiredEnum(CUSTOM_BASE_ROLES);

/** Arabic, English and (optional) French names, base role and (for a new role) the role whose keys it starts with. */
export function RoleFormFields({ editing, roles }: { editing?: RoleItem; roles: readonly RoleItem[] }) {
  const { t } = useTranslation('roles');
  const baseOptions = CUSTOM_BASE_ROLES.map((code) => ({ value: code, label: t(`code.${code}`) }));
  return (
    <>
      <Form.Item name="nameAr" label={t('nameAr')} {...zodField(fields.nameAr)}>
        <Input maxLength={100} dir="rtl" autoFocus />
      </Form.Item>
      <Form.Item name="nameEn" label={t('nameEn')} {...zodField(fields.nameEn)}>
        <Input maxLength={100} dir="ltr" />
      </Form.Item>
      <Form.Item name="nameFr" label={t('nameFr')} extra={t('nameFrHint')} {...zodField(fields.nameFr)}>
        <Input maxLength={100} dir="ltr" lang="fr" />
      </Form.Item>
      {editing?.isDefault ? (
        // a default role always acts as itself
        <Form.Item label={t('baseRole')}>
          <BaseRoleTag code={editing.baseRole} />
        </Form.Item>
      ) : (
        <Form.Item
          name="baseRole"
          label={t('baseRole')}
          extra={t('baseRoleHelp')}
          {...zodField(editing ? fields.baseRole : newBaseRole)}
        >
          <Select options={baseOptions} />
        </Form.Item>
      )}
      {!editing && (
        <Form.Item
          name="copyFromRoleId"
          label={t('copyFrom')}
          extra={t('copyFromHelp')}
          {...zodField(fields.copyFromRoleId)}
        >
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            options={roles.map((r) => ({ value: r.id, label: localRoleName(r) }))}
          />
        </Form.Item>
      )}
    </>
  );
}
