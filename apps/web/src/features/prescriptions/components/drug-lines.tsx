import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { DRUG_MEAL_TIMINGS, prescriptionDrugInput } from '@dental/contract';
import { AutoComplete, Button, Card, Col, Form, type FormInstance, Input, InputNumber, Popconfirm, Row, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { useDebounced } from '../../../components/list-page/use-list-params';
import { zodField } from '../../../lib/form';
import { fieldErrorText } from '../../../lib/i18n';
import { useProductsSearch } from '../../medical/api';
import { type DrugLineValues, emptyLine } from '../prescription-model';

const shape = prescriptionDrugInput.shape;
const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The drug name of one line: the clinic's drug list searched as you type (the medical module's GetProductsSearch);
 * picking one keeps its id on the line, typing another name clears it (the name is then kept as typed).
 */
function DrugNameField({ form, listName, index }: { form: FormInstance; listName: string; index: number }) {
  const { t } = useTranslation('prescriptions');
  const typed: string = Form.useWatch([listName, index, 'drugName'], form) ?? '';
  const [open, setOpen] = useState(false);
  const search = useDebounced(typed.trim());
  const products = useProductsSearch(search, open);
  const found = products.data?.items ?? [];
  const options = [
    ...found.map((p) => ({ value: p.name, label: <bdi>{p.name}</bdi>, key: `p${p.id}` })),
    ...(search && !found.some((p) => same(p.name, search))
      ? [{ value: search, key: 'typed', label: <Typography.Text type="secondary">{t('drug.newName', { name: search })}</Typography.Text> }]
      : []),
  ];
  return (
    <>
      <Form.Item name={[index, 'productId']} hidden>
        <Input />
      </Form.Item>
      <Form.Item
        name={[index, 'drugName']}
        label={t('fields.drug')}
        required
        rules={[{ required: true, whitespace: true, message: fieldErrorText('field_required') }, ...zodField(shape.drugName).rules]}
      >
        <AutoComplete
          options={options}
          placeholder={t('placeholders.drug')}
          onFocus={() => setOpen(true)}
          onChange={() => form.setFieldValue([listName, index, 'productId'], null)}
          onSelect={(value: string) => {
            const product = found.find((p) => p.name === value);
            form.setFieldValue([listName, index, 'productId'], product?.id ?? null);
          }}
        />
      </Form.Item>
    </>
  );
}

/**
 * The drug lines of a prescription or a template (a Form.List named `name`): drug, dosage, times per day, when
 * (before / with / after eating), duration, repeat and instructions. Removing a line that is saved asks first and
 * goes through `onRemoveSaved` (DeletePrescriptionDrugs / DeletePrescriptionTemplateDrugs); an unsaved line just goes.
 */
export function DrugLines({
  form,
  name = 'drugs',
  onRemoveSaved,
}: {
  form: FormInstance;
  name?: string;
  onRemoveSaved?: (id: number) => Promise<unknown>;
}) {
  const { t } = useTranslation('prescriptions');
  const { t: tc } = useTranslation();
  const lines: DrugLineValues[] = Form.useWatch(name, form) ?? [];
  return (
    <Form.List name={name}>
      {(fields, { add, remove }) => (
        <>
          {fields.length === 0 && <EmptyState compact description={t('drug.none')} />}
          {fields.map((field, i) => {
            const line = lines[i];
            const label = line?.drugName?.trim() || t('drug.line', { n: i + 1 });
            const removeButton = (
              <Button type="text" danger icon={<DeleteOutlined />} aria-label={`${t('drug.remove')} ${label}`} title={t('drug.remove')} />
            );
            return (
              <Card
                key={field.key}
                size="small"
                className="rx-line"
                data-testid="rx-line"
                title={<span>{t('drug.line', { n: i + 1 })}</span>}
                extra={
                  line?.id && onRemoveSaved ? (
                    <Popconfirm
                      title={tc('crud.confirmDeleteTitle')}
                      description={t('drug.removeConfirm', { name: label })}
                      okText={tc('actions.delete')}
                      okButtonProps={{ danger: true }}
                      cancelText={tc('actions.cancel')}
                      onConfirm={() => onRemoveSaved(line.id!).then(() => remove(field.name))}
                    >
                      {removeButton}
                    </Popconfirm>
                  ) : (
                    <span onClick={() => remove(field.name)}>{removeButton}</span>
                  )
                }
              >
                <Form.Item name={[field.name, 'id']} hidden>
                  <Input />
                </Form.Item>
                <Row gutter={12}>
                  <Col xs={24} md={12}>
                    <DrugNameField form={form} listName={name} index={field.name} />
                  </Col>
                  <Col xs={24} sm={12} md={6}>
                    <Form.Item name={[field.name, 'dosage']} label={t('fields.dosage')} {...zodField(shape.dosage)}>
                      <Input maxLength={200} placeholder={t('placeholders.dosage')} />
                    </Form.Item>
                  </Col>
                  <Col xs={12} sm={6} md={3}>
                    <Form.Item name={[field.name, 'timesPerDay']} label={t('fields.timesPerDay')} {...zodField(shape.timesPerDay)}>
                      <InputNumber min={1} max={24} precision={0} style={{ width: '100%' }} />
                    </Form.Item>
                  </Col>
                  <Col xs={12} sm={6} md={3}>
                    <Form.Item name={[field.name, 'repeat']} label={t('fields.repeat')} {...zodField(shape.repeat)}>
                      <InputNumber min={0} max={99} precision={0} style={{ width: '100%' }} />
                    </Form.Item>
                  </Col>
                  <Col xs={24} sm={12} md={6}>
                    <Form.Item name={[field.name, 'mealTiming']} label={t('fields.mealTiming')}>
                      <Select options={DRUG_MEAL_TIMINGS.map((m) => ({ value: m, label: t(`meal.${m}`) }))} />
                    </Form.Item>
                  </Col>
                  <Col xs={24} sm={12} md={6}>
                    <Form.Item name={[field.name, 'duration']} label={t('fields.duration')} {...zodField(shape.duration)}>
                      <Input maxLength={100} placeholder={t('placeholders.duration')} />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item name={[field.name, 'notes']} label={t('fields.drugNotes')} {...zodField(shape.notes)}>
                      <Input maxLength={500} />
                    </Form.Item>
                  </Col>
                </Row>
              </Card>
            );
          })}
          <Button type="dashed" block icon={<PlusOutlined />} onClick={() => add(emptyLine())}>
            {t('drug.add')}
          </Button>
        </>
      )}
    </Form.List>
  );
}
