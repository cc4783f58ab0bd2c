import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { FeedbackQuestion, SaveFeedbackQuestionInput } from '@dental/contract';
import { Button, Card, Flex, Form, Input, InputNumber, Select, Switch, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal';
import { RowActions } from '../../../components/list-page/row-actions';
import { useEditor } from '../../../components/list-page/use-editor';
import { currentLanguage } from '../../../lib/i18n';
import { notify } from '../../../lib/toast';
import { textIn, useDeleteFeedbackQuestions, useFeedbackQuestions, useSaveFeedbackQuestion } from '../api';

const DEFAULTS: Partial<SaveFeedbackQuestionInput> = { questionType: 'choice', options: [], orderIndex: 0, isActive: true };
const LANGS = ['ar', 'en', 'fr'] as const;

/** /Feedbacks: the questions of the patients' feedback form (text or choice, in ar/en/fr, ordered, active or not). */
export default function FeedbackQuestionsPage() {
  const { t } = useTranslation('feedback');
  const { t: tc } = useTranslation();
  const questions = useFeedbackQuestions();
  const save = useSaveFeedbackQuestion();
  const remove = useDeleteFeedbackQuestions();
  const editor = useEditor<FeedbackQuestion>();
  const [form] = Form.useForm<SaveFeedbackQuestionInput>();
  const type = Form.useWatch('questionType', form);
  const lang = currentLanguage();

  const columns: TableColumnsType<FeedbackQuestion> = [
    { key: 'order', dataIndex: 'orderIndex', title: t('questions.order'), width: 80 },
    { key: 'text', title: t('questions.text'), render: (_, q) => textIn(q.text, lang) },
    { key: 'type', title: t('questions.type'), render: (_, q) => t(`questions.types.${q.questionType}`) },
    {
      key: 'options', title: t('questions.options'), responsive: ['md'],
      render: (_, q) => q.options.map((o, i) => <Tag key={i}>{textIn(o, lang)}</Tag>),
    },
    { key: 'active', title: t('questions.active'), render: (_, q) => (q.isActive ? <Tag color="green">{tc('actions.yes')}</Tag> : <Tag>{tc('actions.no')}</Tag>) },
    {
      key: 'actions', title: tc('crud.actions'), width: 120,
      render: (_, q) => (
        <RowActions
          name={textIn(q.text, lang)}
          onEdit={() => editor.openEdit(q)}
          onDelete={() => remove.mutateAsync({ ids: [q.id] }).then(() => notify.success(tc('crud.deleted')))}
        />
      ),
    },
  ];

  return (
    <Card>
      <Flex justify="space-between" align="center" wrap gap="middle" style={{ marginBlockEnd: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('questions.title')}
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={editor.openNew}>
          {t('questions.add')}
        </Button>
      </Flex>
      <Table<FeedbackQuestion>
        rowKey="id"
        columns={columns}
        dataSource={questions.data?.items}
        loading={questions.isLoading}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: questions.isError ? questions.error.message : t('questions.empty') }}
      />
      <FormModal<SaveFeedbackQuestionInput>
        open={editor.open}
        title={editor.record ? t('questions.edit') : t('questions.add')}
        form={form}
        defaults={DEFAULTS}
        initialValues={editor.record as Partial<SaveFeedbackQuestionInput> | undefined}
        onSubmit={(values) => save.mutateAsync({ ...values, options: values.questionType === 'choice' ? (values.options ?? []) : [], id: editor.record?.id })}
        onClose={editor.close}
      >
        {LANGS.map((l) => (
          <Form.Item key={l} name={['text', l]} label={t(`questions.textIn.${l}`)}>
            <Input maxLength={300} dir={l === 'ar' ? 'rtl' : 'ltr'} />
          </Form.Item>
        ))}
        <Flex gap="middle" wrap>
          <Form.Item name="questionType" label={t('questions.type')}>
            <Select style={{ minWidth: 140 }} options={(['choice', 'text'] as const).map((v) => ({ value: v, label: t(`questions.types.${v}`) }))} />
          </Form.Item>
          <Form.Item name="orderIndex" label={t('questions.order')}>
            <InputNumber min={0} max={1000} />
          </Form.Item>
          <Form.Item name="isActive" label={t('questions.active')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Flex>
        {type === 'choice' && (
          <Form.List name="options">
            {(items, { add, remove: drop }) => (
              <>
                {items.map((item, i) => (
                  <Flex key={item.key} gap="small" align="baseline">
                    {LANGS.map((l) => (
                      <Form.Item key={l} name={[item.name, l]} aria-label={`${t('questions.option', { n: i + 1 })} ${l}`}>
                        <Input placeholder={`${t('questions.option', { n: i + 1 })} (${l})`} maxLength={300} />
                      </Form.Item>
                    ))}
                    <MinusCircleOutlined aria-label={tc('actions.delete')} onClick={() => drop(item.name)} />
                  </Flex>
                ))}
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})} disabled={items.length >= 10} block>
                  {t('questions.addOption')}
                </Button>
              </>
            )}
          </Form.List>
        )}
      </FormModal>
    </Card>
  );
}
