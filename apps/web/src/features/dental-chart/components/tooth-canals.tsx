import { PlusOutlined } from '@ant-design/icons';
import { type ToothCanal, saveToothCanalInput } from '@dental/contract';
import { Button, Flex, Form, Input, Table, type TableColumnsType, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { FormModal } from '../../../components/form-modal';
import { RowActions } from '../../../components/list-page/row-actions';
import { useEditor } from '../../../components/list-page/use-editor';
import { formatDate } from '../../../lib/format';
import { zodField } from '../../../lib/form';
import { notify } from '../../../lib/toast';
import { useDeleteToothCanals, useSaveToothCanal, useToothCanals } from '../api';

const fields = saveToothCanalInput.shape;
interface CanalForm {
  canalName: string;
  length: string;
  referencePoint?: string | null;
}

/** Root-canal measurements of the selected tooth: canal, working length (mm), reference point. */
export function ToothCanals({ patientId, tooth, toothName, canWrite }: { patientId: number; tooth: number; toothName: string; canWrite: boolean }) {
  const { t } = useTranslation('dental-chart');
  const { t: tc } = useTranslation();
  const canals = useToothCanals(patientId, tooth);
  const save = useSaveToothCanal();
  const remove = useDeleteToothCanals();
  const editor = useEditor<ToothCanal>();
  const [form] = Form.useForm<CanalForm>();

  const columns: TableColumnsType<ToothCanal> = [
    {
      key: 'canalName',
      dataIndex: 'canalName',
      title: t('canals.canalName'),
      render: (name: string, canal) => (
        <Tooltip title={`${t('canals.recordedOn')}: ${formatDate(canal.createdAt)}`}>
          <span>{name}</span>
        </Tooltip>
      ),
    },
    {
      key: 'length',
      dataIndex: 'length',
      title: t('canals.length'),
      render: (length: string) => <bdi dir="ltr">{t('canals.mm', { length })}</bdi>,
    },
    { key: 'referencePoint', dataIndex: 'referencePoint', title: t('canals.referencePoint'), render: (v: string | null) => v ?? '—' },
    ...(canWrite
      ? [
          {
            key: 'actions',
            title: tc('crud.actions'),
            fixed: 'end' as const,
            width: 96,
            render: (_: unknown, canal: ToothCanal) => (
              <RowActions
                name={t('canals.itemName', { canal: canal.canalName, tooth: toothName })}
                onEdit={() => editor.openEdit(canal)}
                onDelete={() => remove.mutateAsync({ patientId, ids: [canal.id] }).then(() => notify.success(tc('crud.deleted')))}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <Flex vertical gap={8}>
      {canWrite && (
        <Button icon={<PlusOutlined />} onClick={editor.openNew} style={{ alignSelf: 'flex-start' }}>
          {t('canals.add')}
        </Button>
      )}
      <Table<ToothCanal>
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={canals.data?.items ?? []}
        loading={canals.isLoading}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <EmptyState compact description={t('canals.empty', { tooth: toothName })} /> }}
      />
      <FormModal<CanalForm>
        open={editor.open}
        title={editor.record ? t('canals.edit', { tooth: toothName }) : t('canals.addTitle', { tooth: toothName })}
        form={form}
        initialValues={editor.record}
        onSubmit={(values) => save.mutateAsync({ ...values, id: editor.record?.id, patientId, tooth })}
        onClose={editor.close}
      >
        <Form.Item name="canalName" label={t('canals.canalName')} extra={t('canals.canalNameHint')} {...zodField(fields.canalName)}>
          <Input maxLength={20} autoFocus />
        </Form.Item>
        <Form.Item name="length" label={t('canals.lengthMm')} {...zodField(fields.length)}>
          <Input inputMode="decimal" dir="ltr" suffix={t('canals.mmUnit')} style={{ maxWidth: 180 }} />
        </Form.Item>
        <Form.Item name="referencePoint" label={t('canals.referencePoint')} extra={t('canals.referencePointHint')} {...zodField(fields.referencePoint)}>
          <Input maxLength={50} />
        </Form.Item>
      </FormModal>
    </Flex>
  );
}
