import { Form, type FormInstance, Modal } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleFormError } from '../lib/form';
import { notify } from '../lib/toast';

interface FormModalProps<T> {
  open: boolean;
  title: ReactNode;
  form: FormInstance<T>;
  /** Values to edit; undefined for a new record (the form starts from `defaults`). */
  initialValues?: Partial<T>;
  defaults?: Partial<T>;
  /** Saves; field errors of a 400 land on the fields, anything else is a toast. */
  onSubmit: (values: T) => Promise<unknown>;
  onClose: () => void;
  children: ReactNode;
}

/** A form in a modal: validates on the client with the contract's rules, then saves and says so. */
export function FormModal<T extends object>({ open, title, form, initialValues, defaults, onSubmit, onClose, children }: FormModalProps<T>) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({ ...defaults, ...initialValues } as never);
  }, [open, initialValues, defaults, form]);

  const submit = async () => {
    let values: T;
    try {
      values = await form.validateFields();
    } catch {
      return; // the fields show their messages
    }
    setSaving(true);
    try {
      await onSubmit(values);
      notify.success(t('crud.saved'));
      onClose();
    } catch (error) {
      handleFormError(form, error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      confirmLoading={saving}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit} disabled={saving}>
        {children}
        <button type="submit" hidden aria-hidden />
      </Form>
    </Modal>
  );
}
