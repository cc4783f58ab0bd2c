import { PlusOutlined } from '@ant-design/icons';
import { type SaveToothNoteInput, type ToothNote, saveToothNoteInput } from '@dental/contract';
import { Button, Flex, Form, Input, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { FormModal } from '../../../components/form-modal';
import { RowActions } from '../../../components/list-page/row-actions';
import { useEditor } from '../../../components/list-page/use-editor';
import { formatDateTime } from '../../../lib/format';
import { zodField } from '../../../lib/form';
import { notify } from '../../../lib/toast';
import { useDeleteToothNotes, useSaveToothNote, useToothNotes } from '../api';

const fields = saveToothNoteInput.shape;
type NoteForm = Pick<SaveToothNoteInput, 'note'>;

/** The notes of the selected tooth: newest first, add, edit, delete (after a confirmation). */
export function ToothNotes({ patientId, tooth, toothName, canWrite }: { patientId: number; tooth: number; toothName: string; canWrite: boolean }) {
  const { t } = useTranslation('dental-chart');
  const { t: tc } = useTranslation();
  const notes = useToothNotes(patientId, tooth);
  const save = useSaveToothNote();
  const remove = useDeleteToothNotes();
  const editor = useEditor<ToothNote>();
  const [form] = Form.useForm<NoteForm>();

  return (
    <Flex vertical gap={8}>
      {canWrite && (
        <Button icon={<PlusOutlined />} onClick={editor.openNew} style={{ alignSelf: 'flex-start' }}>
          {t('notes.add')}
        </Button>
      )}
      <List<ToothNote>
        loading={notes.isLoading}
        dataSource={notes.data?.items ?? []}
        locale={{ emptyText: <EmptyState compact description={t('notes.empty', { tooth: toothName })} /> }}
        renderItem={(note) => (
          <List.Item
            actions={
              canWrite
                ? [
                    <RowActions
                      key="actions"
                      name={t('notes.itemName', { tooth: toothName })}
                      onEdit={() => editor.openEdit(note)}
                      onDelete={() =>
                        remove.mutateAsync({ patientId, ids: [note.id] }).then(() => notify.success(tc('crud.deleted')))
                      }
                    />,
                  ]
                : undefined
            }
          >
            <List.Item.Meta
              title={<Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{note.note}</Typography.Paragraph>}
              description={
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {[note.createdBy?.name, formatDateTime(note.createdAt)].filter(Boolean).join(' · ')}
                </Typography.Text>
              }
            />
          </List.Item>
        )}
      />
      <FormModal<NoteForm>
        open={editor.open}
        title={editor.record ? t('notes.edit', { tooth: toothName }) : t('notes.addTitle', { tooth: toothName })}
        form={form}
        initialValues={editor.record}
        onSubmit={(values) => save.mutateAsync({ ...values, id: editor.record?.id, patientId, tooth })}
        onClose={editor.close}
      >
        <Form.Item name="note" label={t('notes.note')} {...zodField(fields.note)}>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} maxLength={2000} showCount autoFocus />
        </Form.Item>
      </FormModal>
    </Flex>
  );
}
