import {
  type MedicalQuestionItem,
  type MedicalQuestionSortField,
  type SaveMedicalQuestionFormInput,
} from '@dental/contract';
import { Flex, Form, Select, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FormModal } from '../../../components/form-modal';
import { ListPage } from '../../../components/list-page/list-page';
import { ListTable } from '../../../components/list-page/list-table';
import { RowActions } from '../../../components/list-page/row-actions';
import { useEditor } from '../../../components/list-page/use-editor';
import { useListParams } from '../../../components/list-page/use-list-params';
import { localName } from '../../../lib/local-name';
import { useCan } from '../../../lib/permissions';
import { notify } from '../../../lib/toast';
import { useDeleteMedicalQuestion, useMedicalCategories, useMedicalQuestions, useSaveMedicalQuestion } from '../api';
import { QuestionFormFields } from '../components/question-form-fields';
import { localText } from '../local-text';

const TYPE_COLORS = { yesNo: 'blue', single: 'purple', multi: 'cyan' } as const;

/** /MedicalQuestions: the questions of the clinic's medical questionnaire, filtered by category. */
export default function MedicalQuestionsPage() {
  const { t } = useTranslation('medical');
  const { t: tc } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const categoryId = Number(searchParams.get('category')) || undefined;
  const list = useListParams<MedicalQuestionSortField>();
  const rows = useMedicalQuestions({ ...list.params, categoryId });
  const categories = useMedicalCategories({ pageSize: 200, sortField: 'sortOrder', sortOrder: 'ascend' });
  const categoryItems = useMemo(() => categories.data?.items ?? [], [categories.data]);
  const save = useSaveMedicalQuestion();
  const remove = useDeleteMedicalQuestion();
  const editor = useEditor<MedicalQuestionItem>();
  const [form] = Form.useForm<SaveMedicalQuestionFormInput>();
  const canAdd = useCan('settings_clinic_lookups_add');
  const canEdit = useCan('settings_clinic_lookups_edit');
  const canDelete = useCan('settings_clinic_lookups_delete');
  const defaults = useMemo<Partial<SaveMedicalQuestionFormInput>>(
    () => ({
      categoryId: categoryId ?? categoryItems[0]?.id,
      questionType: 'yesNo',
      options: [],
      answerRequired: false,
      isAlert: false,
      showForPatient: true,
      isActive: true,
      sortOrder: 0,
    }),
    [categoryId, categoryItems],
  );

  const setCategory = (id?: number) =>
    setSearchParams((params) => {
      if (id) params.set('category', String(id));
      else params.delete('category');
      return params;
    });

  const columns: TableColumnsType<MedicalQuestionItem> = [
    {
      key: localText('textAr', 'textEn'),
      title: t('questions.text'),
      sorter: true,
      sortOrder: list.sortOrderOf(localText('textAr', 'textEn') as MedicalQuestionSortField),
      render: (_, row) => (
        <Flex vertical gap={4}>
          <Typography.Text delete={!row.isActive}>{localText(row.textAr, row.textEn, row.textFr)}</Typography.Text>
          {row.options.length > 0 && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {row.options.map((o) => localText(o.ar, o.en, o.fr)).join(' · ')}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      key: 'category',
      title: t('questions.category'),
      render: (_, row) => localName({ nameAr: row.categoryNameAr, nameEn: row.categoryNameEn, nameFr: row.categoryNameFr }),
    },
    {
      key: 'questionType',
      dataIndex: 'questionType',
      title: t('questions.type'),
      render: (type: MedicalQuestionItem['questionType']) => (
        <Tag color={TYPE_COLORS[type]}>{t(`questions.types.${type}`)}</Tag>
      ),
    },
    {
      key: 'flags',
      title: t('questions.flags'),
      render: (_, row) => (
        <Flex wrap gap={4}>
          {row.answerRequired && <Tag color="gold">{t('questions.required')}</Tag>}
          {row.isAlert && (
            <Tooltip title={t('questions.alertHint')}>
              <Tag color="red">{t('questions.alert')}</Tag>
            </Tooltip>
          )}
          {row.showForPatient && <Tag color="green">{t('questions.patient')}</Tag>}
          {!row.isActive && <Tag>{t('questions.inactive')}</Tag>}
        </Flex>
      ),
    },
    {
      key: 'sortOrder',
      dataIndex: 'sortOrder',
      title: t('sortOrder'),
      sorter: true,
      sortOrder: list.sortOrderOf('sortOrder'),
      width: 100,
    },
    {
      key: 'actions',
      title: tc('crud.actions'),
      width: 120,
      render: (_, row) => (
        <RowActions
          name={localText(row.textAr, row.textEn, row.textFr)}
          onEdit={canEdit ? () => editor.openEdit(row) : undefined}
          onDelete={
            canDelete
              ? () => remove.mutateAsync({ id: row.id }).then(() => notify.success(tc('crud.deleted')))
              : undefined
          }
        />
      ),
    },
  ];

  const submit = (values: SaveMedicalQuestionFormInput) =>
    save.mutateAsync({
      ...values,
      options: values.questionType === 'yesNo' ? [] : (values.options ?? []),
      id: editor.record?.id,
    });

  return (
    <ListPage
      title={t('questions.title')}
      search={list.search}
      onSearch={list.setSearch}
      searchPlaceholder={t('questions.search')}
      onAdd={canAdd ? editor.openNew : undefined}
      addLabel={t('questions.add')}
      extra={
        <Select
          allowClear
          aria-label={t('questions.category')}
          placeholder={t('questions.allCategories')}
          value={categoryId}
          onChange={(id?: number) => setCategory(id)}
          options={categoryItems.map((c) => ({ value: c.id, label: localName(c) }))}
          style={{ width: 200 }}
          loading={categories.isLoading}
        />
      }
    >
      <ListTable<MedicalQuestionItem> columns={columns} query={rows} list={list} emptyText={t('questions.empty')} />
      <FormModal<SaveMedicalQuestionFormInput>
        open={editor.open}
        title={editor.record ? t('questions.edit') : t('questions.add')}
        form={form}
        defaults={defaults}
        initialValues={editor.record}
        onSubmit={submit}
        onClose={editor.close}
      >
        <QuestionFormFields categories={categoryItems} />
      </FormModal>
    </ListPage>
  );
}
