import { PlusOutlined } from '@ant-design/icons';
import { authCalls, QR_PURPOSES, type QrCodeItem, type SaveQrCodeInput } from '@dental/contract';
import { Button, Card, Flex, Form, Input, Select, Switch, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal';
import { RowActions } from '../../../components/list-page/row-actions';
import { useEditor } from '../../../components/list-page/use-editor';
import { useCall } from '../../../lib/query';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { useDeleteQrCode, useQrCodes, useSaveQrCode } from '../api';

/**
 * /QrCodesSettings: the clinic's QR codes (booking, feedback, check-in, social link). Check-in and feedback codes
 * belong to a branch, chosen among the user's branches (the one the user works in now by default).
 */
export default function QrSettingsPage() {
  const { t } = useTranslation('qrcodes');
  const { t: tc } = useTranslation();
  const session = useSession();
  const codes = useQrCodes();
  const save = useSaveQrCode();
  const remove = useDeleteQrCode();
  const editor = useEditor<QrCodeItem>();
  const [form] = Form.useForm<SaveQrCodeInput>();
  const purpose = Form.useWatch('purpose', form);
  const branches = useCall(authCalls.getClinicBranches, {}, { staleTime: 5 * 60_000, silent: true });
  const hasBranch = purpose === 'checkin' || purpose === 'feedback';
  const branchId = session?.branchId ?? undefined;
  // one object while the branch stays: the form resets whenever its defaults change
  const defaults = useMemo<Partial<SaveQrCodeInput>>(() => ({ purpose: 'booking', isActive: true, branchId }), [branchId]);

  const columns: TableColumnsType<QrCodeItem> = [
    { key: 'label', dataIndex: 'label', title: t('settings.label') },
    { key: 'purpose', title: t('settings.purpose'), render: (_, c) => t(`purposes.${c.purpose}`) },
    { key: 'branch', dataIndex: 'branchName', title: t('settings.branch'), responsive: ['sm'] },
    { key: 'url', dataIndex: 'url', title: t('settings.url'), responsive: ['md'], render: (u: string | null) => u && <bdi dir="ltr">{u}</bdi> },
    { key: 'active', title: t('settings.active'), render: (_, c) => (c.isActive ? <Tag color="green">{tc('actions.yes')}</Tag> : <Tag>{tc('actions.no')}</Tag>) },
    {
      key: 'actions', title: tc('crud.actions'), width: 120,
      render: (_, c) => (
        <RowActions
          name={c.label}
          onEdit={() => editor.openEdit(c)}
          onDelete={() => remove.mutateAsync({ id: c.id }).then(() => notify.success(tc('crud.deleted')))}
        />
      ),
    },
  ];

  return (
    <Card>
      <Flex justify="space-between" align="center" wrap gap="middle" style={{ marginBlockEnd: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('settings.title')}
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={editor.openNew}>
          {t('settings.add')}
        </Button>
      </Flex>
      <Table<QrCodeItem>
        rowKey="id"
        columns={columns}
        dataSource={codes.data?.items}
        loading={codes.isLoading}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: codes.isError ? codes.error.message : t('list.empty') }}
      />
      <FormModal<SaveQrCodeInput>
        open={editor.open}
        title={editor.record ? t('settings.edit') : t('settings.add')}
        form={form}
        defaults={defaults}
        initialValues={editor.record as Partial<SaveQrCodeInput> | undefined}
        onSubmit={(values) =>
          save.mutateAsync({
            ...values,
            id: editor.record?.id,
            branchId: values.purpose === 'checkin' || values.purpose === 'feedback' ? (values.branchId ?? null) : null,
          })
        }
        onClose={editor.close}
      >
        <Form.Item name="label" label={t('settings.label')} rules={[{ required: true, message: t('settings.labelRequired') }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="purpose" label={t('settings.purpose')}>
          <Select options={QR_PURPOSES.map((p) => ({ value: p, label: t(`purposes.${p}`) }))} />
        </Form.Item>
        {hasBranch && (
          <Form.Item name="branchId" label={t('settings.branch')} rules={[{ required: true, message: t('settings.branchRequired') }]}>
            <Select
              loading={branches.isLoading}
              options={(branches.data?.items ?? []).map((b) => ({ value: b.branchId, label: b.name }))}
              data-testid="qr-branch"
            />
          </Form.Item>
        )}
        {purpose === 'social' && (
          <Form.Item name="url" label={t('settings.url')} rules={[{ required: true, type: 'url', message: t('settings.urlInvalid') }]}>
            <Input dir="ltr" maxLength={500} placeholder="https://" />
          </Form.Item>
        )}
        <Form.Item name="isActive" label={t('settings.active')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </FormModal>
    </Card>
  );
}
