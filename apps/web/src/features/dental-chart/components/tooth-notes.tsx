import { PlusOutlined } from '@ant-design/icons';
import { type SaveToothNoteInput, type ToothNote, saveToothNoteInput } from '@dental/contract';
import { Button, Flex, Form, Input, Spin, Typography } from 'antd';
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
  const items = notes.data?.items ?? [];

  return (
    <Flex vertical gap={8}>
      {canWrite && (
        <Button icon={<PlusOutlined />} onClick={editor.openNew} style={{ alignSelf: 'flex-start' }}>
          {t('notes.add')}
        </Button>
      )}
      <Spin spinning={notes.isLoading}>
        {items.length === 0 ? (
          !notes.isLoading && <EmptyState compact description={t('notes.empty', { tooth: toothName })} />
        ) : (
          <ul className="tooth-notes">
            {items.map((note) => (
              <li key={note.id}>
                <Flex justify="space-between" align="flex-start" gap={8}>
                  <div>
                    <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{note.note}</Typography.Paragraph>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {[note.createdBy?.name, formatDateTime(note.createdAt)].filter(Boolean).join(' · ')}
                    </Typography.Text>
                  </div>
                  {canWrite && (
                    <RowActions
                      name={t('notes.itemName', { tooth: toothName })}
                      onEdit={() => editor.openEdit(note)}
                      onDelete={() => remove.mutateAsync({ patientId, ids: [note.id] }).then(() => notify.success(tc('crud.deleted')))}
                    />
                  )}
                </Flex>
              </li>
            ))}
          </ul>
        )}
      </Spin>
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
