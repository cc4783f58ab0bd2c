import { PlusOutlined } from '@ant-design/icons';
import { type PatientDrugItem, requiredText, saveDrugInput } from '@dental/contract';
import {
  AutoComplete,
  Button,
  Card,
  Checkbox,
  Flex,
  Form,
  Input,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { useDebounced } from '../../../components/list-page/use-list-params';
import { handleFormError, zodField } from '../../../lib/form';
import { notify } from '../../../lib/toast';
import { useDeleteDrug, useProductsSearch, useSaveDrug } from '../api';
import { AlertToggle, DeleteRecordButton } from './record-actions';

interface DrugForm {
  productName: string;
  dosage?: string;
  notes?: string;
  isAlert: boolean;
}
const shape = saveDrugInput.shape;
const drugName = requiredText(200);
const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The drugs the patient takes: add by picking or typing a drug name (a new name joins the clinic's list), flag, delete. */
export function DrugsCard({
  patientId,
  drugs,
  editable,
}: {
  patientId: number;
  drugs: PatientDrugItem[];
  editable: boolean;
}) {
  const { t } = useTranslation('medical');
  const { t: tc } = useTranslation();
  const save = useSaveDrug();
  const remove = useDeleteDrug();
  const [form] = Form.useForm<DrugForm>();
  const [adding, setAdding] = useState(false);
  const typed = Form.useWatch('productName', form) ?? '';
  const search = useDebounced(typed.trim());
  const products = useProductsSearch(search, editable);
  const found = products.data?.items ?? [];
  const isNew = search !== '' && !found.some((p) => same(p.name, search));
  const options = [
    ...found.map((p) => ({ value: p.name, label: p.name })),
    ...(isNew
      ? [
          {
            value: search,
            label: <Typography.Text type="secondary">{t('drugs.newName', { name: search })}</Typography.Text>,
          },
        ]
      : []),
  ];

  const add = async (values: DrugForm) => {
    setAdding(true);
    try {
      const known = found.find((p) => same(p.name, values.productName));
      await save.mutateAsync({
        patientId,
        ...(known ? { productId: known.id } : { productName: values.productName }),
        dosage: values.dosage,
        notes: values.notes,
        isAlert: values.isAlert,
      });
      form.resetFields();
      notify.success(tc('crud.saved'));
    } catch (error) {
      handleFormError(form, error);
    } finally {
      setAdding(false);
    }
  };

  const columns: TableColumnsType<PatientDrugItem> = [
    {
      key: 'name',
      title: t('drugs.name'),
      render: (_, row) => (
        <Flex vertical>
          <Typography.Text strong={row.isAlert} type={row.isAlert ? 'danger' : undefined} dir="auto">
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
    { key: 'dosage', dataIndex: 'dosage', title: t('drugs.dosage'), render: (d: string | null) => d && <bdi>{d}</bdi> },
    {
      key: 'isAlert',
      title: t('alert'),
      width: 70,
      render: (_, row) => (
        <AlertToggle
          name={row.name}
          value={row.isAlert}
          editable={editable}
          onChange={(isAlert) =>
            save.mutateAsync({
              id: row.id,
              patientId,
              productId: row.productId,
              dosage: row.dosage,
              notes: row.notes,
              isAlert,
            })
          }
        />
      ),
    },
    ...(editable
      ? [
          {
            key: 'actions',
            width: 50,
            render: (_: unknown, row: PatientDrugItem) => (
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
    <Card title={t('drugs.title')} size="small">
      <Table<PatientDrugItem>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={drugs}
        pagination={false}
        showHeader={drugs.length > 0}
        locale={{ emptyText: <EmptyState compact description={t('drugs.empty')} /> }}
      />
      {editable && (
        <Form<DrugForm>
          form={form}
          name="drug"
          layout="vertical"
          onFinish={add}
          disabled={adding}
          style={{ marginBlockStart: 12 }}
          initialValues={{ isAlert: false }}
        >
          <Flex gap="small" wrap align="end">
            <Form.Item
              name="productName"
              label={t('drugs.name')}
              {...zodField(drugName)}
              style={{ flex: '1 1 180px', marginBlockEnd: 8 }}
            >
              <AutoComplete options={options} placeholder={t('drugs.namePlaceholder')} maxLength={200} />
            </Form.Item>
            <Form.Item
              name="dosage"
              label={t('drugs.dosage')}
              {...zodField(shape.dosage)}
              style={{ flex: '1 1 100px', marginBlockEnd: 8 }}
            >
              <Input maxLength={200} />
            </Form.Item>
            <Form.Item
              name="notes"
              label={t('drugs.notes')}
              {...zodField(shape.notes)}
              style={{ flex: '1 1 140px', marginBlockEnd: 8 }}
            >
              <Input maxLength={1000} />
            </Form.Item>
            <Form.Item name="isAlert" valuePropName="checked" style={{ marginBlockEnd: 8 }}>
              <Checkbox>{t('alert')}</Checkbox>
            </Form.Item>
            <Form.Item style={{ marginBlockEnd: 8 }}>
              <Button htmlType="submit" icon={<PlusOutlined />} loading={adding}>
                {t('drugs.add')}
              </Button>
            </Form.Item>
          </Flex>
        </Form>
      )}
    </Card>
  );
}
