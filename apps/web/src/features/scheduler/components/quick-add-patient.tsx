import { mobile, savePatientInput } from '@dental/contract';
import { App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PhoneInput } from '../../../components/phone-input';
import { ApiError } from '../../../lib/api';
import { handleFormError, zodField, zodRule } from '../../../lib/form';
import { DEFAULT_DIAL } from '../../../lib/phone';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { useSavePatient } from '../../patients/api';

const fields = savePatientInput.shape;
interface Values {
  name: string;
  mobile: string;
}

/**
 * A new patient from the appointment form: name and mobile only (Patient/SavePatient). A name that exists
 * already asks first (409 patient_name_exists), then saves with confirmDuplicateName.
 */
export function QuickAddPatient({
  open,
  branchId,
  onClose,
  onAdded,
}: {
  open: boolean;
  branchId: number;
  onClose: () => void;
  onAdded: (patient: { id: number; code: string; name: string }) => void;
}) {
  const { t } = useTranslation('scheduler');
  const { t: tp } = useTranslation('patients');
  const { t: tc } = useTranslation();
  const { modal } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useSavePatient();
  const [saving, setSaving] = useState(false);
  const country = useSession()?.user.clinicCountryId ?? 'CN3';

  const send = async (values: Values, confirmDuplicateName = false): Promise<void> => {
    setSaving(true);
    try {
      const saved = await save.mutateAsync({
        name: values.name,
        mobile: values.mobile,
        branchIds: [branchId],
        confirmDuplicateName,
      });
      notify.success(t('quickAdd.added'));
      onAdded({ ...saved, name: values.name.trim() });
      form.resetFields();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'patient_name_exists') {
        modal.confirm({
          title: tp('form.duplicateTitle'),
          content: error.message,
          okText: tp('form.duplicateConfirm'),
          cancelText: tc('actions.cancel'),
          onOk: () => send(values, true),
        });
        return;
      }
      handleFormError(form, error);
    } finally {
      setSaving(false);
    }
  };

  const submit = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    await send(values);
  };

  return (
    <Modal
      open={open}
      title={t('quickAdd.title')}
      okText={tc('actions.save')}
      cancelText={tc('actions.cancel')}
      confirmLoading={saving}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="quickPatient" onFinish={submit} disabled={saving}>
        <Form.Item name="name" label={tp('fields.name')} {...zodField(fields.name)}>
          <Input maxLength={150} autoFocus />
        </Form.Item>
        <Form.Item name="mobile" label={tp('fields.mobile')} required rules={[zodRule(mobile)]}>
          <PhoneInput defaultDial={DEFAULT_DIAL[country]} />
        </Form.Item>
        <button type="submit" hidden aria-hidden />
      </Form>
    </Modal>
  );
}
