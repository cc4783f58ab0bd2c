import { PlusOutlined } from '@ant-design/icons';
import { type PatientDiseaseItem, type SaveDiseaseInput, saveDiseaseInput } from '@dental/contract';
import { Button, Card, Checkbox, Flex, Form, Input, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { handleFormError, zodField } from '../../../lib/form';
import { notify } from '../../../lib/toast';
import { useDeleteDisease, useSaveDisease } from '../api';
import { AlertToggle, DeleteRecordButton } from './record-actions';

type DiseaseForm = Pick<SaveDiseaseInput, 'name' | 'notes' | 'isAlert'>;
const shape = saveDiseaseInput.shape;

/** The patient's diseases: add, flag as alert, delete. */
export function DiseasesCard({
  patientId,
  diseases,
  editable,
}: {
  patientId: number;
  diseases: PatientDiseaseItem[];
  editable: boolean;
}) {
  const { t } = useTranslation('medical');
  const { t: tc } = useTranslation();
  const save = useSaveDisease();
  const remove = useDeleteDisease();
  const [form] = Form.useForm<DiseaseForm>();
  const [adding, setAdding] = useState(false);

  const add = async (values: DiseaseForm) => {
    setAdding(true);
    try {
      await save.mutateAsync({ patientId, ...values });
      form.resetFields();
      notify.success(tc('crud.saved'));
    } catch (error) {
      handleFormError(form, error);
    } finally {
      setAdding(false);
    }
  };

  const columns: TableColumnsType<PatientDiseaseItem> = [
    {
      key: 'name',
      title: t('diseases.name'),
      render: (_, row) => (
        <Flex vertical>
          <Typography.Text strong={row.isAlert} type={row.isAlert ? 'danger' : undefined}>
            {row.name}
          </Typography.Text>
          {row.notes && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {row.notes}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      key: 'isAlert',
      title: t('alert'),
      width: 70,
      render: (_, row) => (
        <AlertToggle
          name={row.name}
          value={row.isAlert}
          editable={editable}
          onChange={(isAlert) => save.mutateAsync({ id: row.id, patientId, name: row.name, notes: row.notes, isAlert })}
        />
      ),
    },
    ...(editable
      ? [
          {
            key: 'actions',
            width: 50,
            render: (_: unknown, row: PatientDiseaseItem) => (
              <DeleteRecordButton
                name={row.name}
                onDelete={() => remove.mutateAsync({ id: row.id }).then(() => notify.success(tc('crud.deleted')))}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <Card title={t('diseases.title')} size="small">
      <Table<PatientDiseaseItem>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={diseases}
        pagination={false}
        showHeader={diseases.length > 0}
        locale={{ emptyText: <EmptyState compact description={t('diseases.empty')} /> }}
      />
      {editable && (
        <Form<DiseaseForm>
          form={form}
          name="disease"
          layout="vertical"
          onFinish={add}
          disabled={adding}
          style={{ marginBlockStart: 12 }}
          initialValues={{ isAlert: false }}
        >
          <Flex gap="small" wrap align="end">
            <Form.Item
              name="name"
              label={t('diseases.name')}
              {...zodField(shape.name)}
              style={{ flex: '1 1 160px', marginBlockEnd: 8 }}
            >
              <Input maxLength={200} />
            </Form.Item>
            <Form.Item
              name="notes"
              label={t('diseases.notes')}
              {...zodField(shape.notes)}
              style={{ flex: '1 1 160px', marginBlockEnd: 8 }}
            >
              <Input maxLength={1000} />
            </Form.Item>
            <Form.Item name="isAlert" valuePropName="checked" style={{ marginBlockEnd: 8 }}>
              <Checkbox>{t('alert')}</Checkbox>
            </Form.Item>
            <Form.Item style={{ marginBlockEnd: 8 }}>
              <Button htmlType="submit" icon={<PlusOutlined />} loading={adding}>
                {t('diseases.add')}
              </Button>
            </Form.Item>
          </Flex>
        </Form>
      )}
    </Card>
  );
}
