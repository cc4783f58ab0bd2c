import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  GENDERS,
  MEDICAL_OPTIONS_MAX,
  MEDICAL_QUESTION_TYPES,
  type MedicalQuestionType,
  type SaveMedicalQuestionFormInput,
  medicalOption,
  optionsProblem,
  saveMedicalQuestionInput,
} from '@dental/contract';
import { Button, Flex, Form, Input, InputNumber, Radio, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodField } from '../../../lib/form';
import { fieldErrorText } from '../../../lib/i18n';
import { localName } from '../../../lib/local-name';

const shape = saveMedicalQuestionInput.shape;
const EMPTY_OPTION = { ar: '', en: '', fr: '' };

/** The fields of the question form: category, texts, type with its options (shown for choice types), flags, order. */
export function QuestionFormFields({
  categories,
}: {
  categories: Array<{ id: number; nameAr: string; nameEn: string }>;
}) {
  const { t } = useTranslation('medical');
  const form = Form.useFormInstance<SaveMedicalQuestionFormInput>();
  const type = Form.useWatch('questionType', form) as MedicalQuestionType | undefined;
  const isAlert = Form.useWatch('isAlert', form) as boolean | undefined;

  const onTypeChange = (next: MedicalQuestionType) => {
    const options = (form.getFieldValue('options') as unknown[] | undefined) ?? [];
    if (next !== 'yesNo' && options.length < 2)
      form.setFieldValue('options', [
        ...options,
        ...Array.from({ length: 2 - options.length }, () => ({ ...EMPTY_OPTION })),
      ]);
  };

  return (
    <>
      <Form.Item name="categoryId" label={t('questions.category')} {...zodField(shape.categoryId)}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          options={categories.map((c) => ({ value: c.id, label: localName(c) }))}
          notFoundContent={t('questions.noCategories')}
        />
      </Form.Item>
      <Form.Item name="textAr" label={t('questions.textAr')} {...zodField(shape.textAr)}>
        <Input.TextArea maxLength={300} dir="rtl" autoSize={{ minRows: 1, maxRows: 3 }} />
      </Form.Item>
      <Form.Item name="textEn" label={t('questions.textEn')} {...zodField(shape.textEn)}>
        <Input.TextArea maxLength={300} dir="ltr" autoSize={{ minRows: 1, maxRows: 3 }} />
      </Form.Item>
      <Form.Item
        name="textFr"
        label={t('questions.textFr')}
        extra={t('questions.frFallback')}
        {...zodField(shape.textFr)}
      >
        <Input.TextArea maxLength={300} dir="ltr" autoSize={{ minRows: 1, maxRows: 3 }} />
      </Form.Item>
      <Flex wrap gap="middle">
        <Form.Item name="sex" label={t('questions.askedOf')} style={{ minWidth: 160 }}>
          <Select
            allowClear
            placeholder={t('questions.sexAny')}
            options={GENDERS.map((g) => ({ value: g, label: t(`questions.sex${g}`) }))}
          />
        </Form.Item>
        <Form.Item name="minAge" label={t('questions.minAge')} {...zodField(shape.minAge)}>
          <InputNumber min={0} max={150} precision={0} />
        </Form.Item>
        <Form.Item name="maxAge" label={t('questions.maxAge')} {...zodField(shape.maxAge)}>
          <InputNumber min={0} max={150} precision={0} />
        </Form.Item>
      </Flex>
      <Form.Item name="questionType" label={t('questions.type')} {...zodField(shape.questionType)}>
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          options={MEDICAL_QUESTION_TYPES.map((value) => ({ value, label: t(`questions.types.${value}`) }))}
          onChange={(e) => onTypeChange(e.target.value as MedicalQuestionType)}
        />
      </Form.Item>
      {type && type !== 'yesNo' && (
        <Form.List
          name="options"
          rules={[
            {
              validator: async (_, value: unknown[] | undefined) => {
                const problem = optionsProblem(type, value ?? []);
                if (problem) throw new Error(fieldErrorText(problem));
              },
            },
          ]}
        >
          {(fields, { add, remove }, { errors }) => (
            <Form.Item
              label={t('questions.options')}
              required
              extra={t('questions.optionsHint', { max: MEDICAL_OPTIONS_MAX })}
            >
              {fields.map((field, index) => (
                <Flex key={field.key} gap="small" align="start">
                  <Typography.Text type="secondary" style={{ paddingBlockStart: 5, minWidth: 18 }}>
                    {index + 1}
                  </Typography.Text>
                  <Form.Item
                    name={[field.name, 'ar']}
                    style={{ flex: 1, marginBlockEnd: 8 }}
                    {...zodField(medicalOption.shape.ar)}
                    required={false}
                  >
                    <Input
                      placeholder={t('questions.optionAr')}
                      aria-label={`${t('questions.optionAr')} ${index + 1}`}
                      maxLength={100}
                      dir="rtl"
                    />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'en']}
                    style={{ flex: 1, marginBlockEnd: 8 }}
                    {...zodField(medicalOption.shape.en)}
                    required={false}
                  >
                    <Input
                      placeholder={t('questions.optionEn')}
                      aria-label={`${t('questions.optionEn')} ${index + 1}`}
                      maxLength={100}
                      dir="ltr"
                    />
                  </Form.Item>
                  <Form.Item name={[field.name, 'fr']} style={{ flex: 1, marginBlockEnd: 8 }}>
                    <Input
                      placeholder={t('questions.optionFr')}
                      aria-label={`${t('questions.optionFr')} ${index + 1}`}
                      maxLength={100}
                      dir="ltr"
                    />
                  </Form.Item>
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`${t('questions.removeOption')} ${index + 1}`}
                    onClick={() => remove(field.name)}
                  />
                </Flex>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => add({ ...EMPTY_OPTION })}
                disabled={fields.length >= MEDICAL_OPTIONS_MAX}
                block
              >
                {t('questions.addOption')}
              </Button>
              <Form.ErrorList errors={errors} />
            </Form.Item>
          )}
        </Form.List>
      )}
      <Flex wrap gap="large">
        <Form.Item name="answerRequired" label={t('questions.answerRequired')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item
          name="isAlert"
          label={t('questions.isAlert')}
          valuePropName="checked"
          tooltip={t('questions.alertHint')}
        >
          <Switch />
        </Form.Item>
        <Form.Item name="showForPatient" label={t('questions.showForPatient')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="isActive" label={t('questions.isActive')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="sortOrder" label={t('sortOrder')} {...zodField(shape.sortOrder)}>
          <InputNumber min={0} max={9999} precision={0} />
        </Form.Item>
      </Flex>
      {isAlert && (
        <>
          <Typography.Paragraph type="secondary">{t('questions.alertTextHint')}</Typography.Paragraph>
          {(['alertAr', 'alertEn', 'alertFr'] as const).map((name) => (
            <Form.Item key={name} name={name} label={t(`questions.${name}`)} {...zodField(shape[name])}>
              <Input maxLength={200} dir={name === 'alertAr' ? 'rtl' : 'ltr'} />
            </Form.Item>
          ))}
        </>
      )}
    </>
  );
}
