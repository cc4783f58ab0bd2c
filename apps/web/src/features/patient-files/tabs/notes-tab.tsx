import { UserOutlined } from '@ant-design/icons';
import { NOTE_MAX_LENGTH, type NoteItem, type SaveNoteInput, saveNoteInput } from '@dental/contract';
import { Avatar, Button, Card, Flex, Form, Input, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { FormModal } from '../../../components/form-modal';
import { RowActions } from '../../../components/list-page/row-actions';
import { useEditor } from '../../../components/list-page/use-editor';
import { handleFormError, zodField } from '../../../lib/form';
import { useCan } from '../../../lib/permissions';
import { notify } from '../../../lib/toast';
import { useDeleteNote, useNotes, useSaveNote } from '../api';
import { excerpt, formatStamp } from '../components/stamp';

const fields = saveNoteInput.shape;
type NoteForm = Pick<SaveNoteInput, 'note'>;
const WRITE_KEYS = ['patient_edit', 'patient_procedures'] as const;

/** Tab 4 of the patient file: the patient's notes, newest first; add inline, edit in a form, delete after asking. */
export default function NotesTab({ patientId }: { patientId: number }) {
  const { t } = useTranslation('patient-files');
  const { t: tc } = useTranslation();
  const notes = useNotes(patientId);
  const save = useSaveNote();
  const remove = useDeleteNote();
  const editor = useEditor<NoteItem>();
  const [addForm] = Form.useForm<NoteForm>();
  const [editForm] = Form.useForm<NoteForm>();
  const canWrite = useCan(WRITE_KEYS);
  const items = notes.data?.items ?? [];

  const add = async ({ note }: NoteForm) => {
    try {
      await save.mutateAsync({ patientId, note });
      addForm.resetFields();
      notify.success(t('notes.added'));
    } catch (error) {
      handleFormError(addForm, error);
    }
  };

  return (
    <Flex vertical gap={16} className="patient-notes">
      {canWrite && (
        <Card size="small">
          <Form
            form={addForm}
            name="newNote"
            layout="vertical"
            requiredMark={false}
            onFinish={add}
            disabled={save.isPending && !editor.open}
          >
            <Form.Item name="note" label={t('notes.new')} {...zodField(fields.note)} style={{ marginBottom: 28 }}>
              <Input.TextArea
                autoSize={{ minRows: 2, maxRows: 8 }}
                maxLength={NOTE_MAX_LENGTH}
                showCount
                placeholder={t('notes.placeholder')}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) addForm.submit();
                }}
              />
            </Form.Item>
            <Flex justify="end">
              <Button type="primary" htmlType="submit" loading={save.isPending && !editor.open}>
                {t('notes.add')}
              </Button>
            </Flex>
          </Form>
        </Card>
      )}

      {notes.isLoading ? (
        <Skeleton active avatar paragraph={{ rows: 3 }} />
      ) : items.length === 0 ? (
        <EmptyState description={canWrite ? t('notes.emptyCanAdd') : t('notes.empty')} />
      ) : (
        <Flex vertical gap={8} role="list" aria-label={t('notes.listLabel')}>
          <Typography.Text type="secondary">{t('notes.count', { count: items.length })}</Typography.Text>
          {items.map((note) => (
            <Card key={note.id} size="small" role="listitem" className="patient-note">
              <Flex gap={12} align="start">
                <Avatar size="small" icon={<UserOutlined />} style={{ flex: 'none', marginTop: 2 }} />
                <Flex vertical gap={4} style={{ flex: 1, minWidth: 0 }}>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    <Typography.Text strong style={{ fontSize: 12 }}>
                      {note.authorName ?? t('notes.unknownAuthor')}
                    </Typography.Text>
                    {' · '}
                    <bdi>{formatStamp(note.createdAt)}</bdi>
                    {note.updatedAt !== note.createdAt && (
                      <> · {t('notes.edited', { date: formatStamp(note.updatedAt) })}</>
                    )}
                  </Typography.Text>
                  <Typography.Paragraph dir="auto" style={{ whiteSpace: 'pre-wrap', marginBottom: 0, overflowWrap: 'anywhere', textAlign: 'start' }}>
                    {note.note}
                  </Typography.Paragraph>
                </Flex>
                {canWrite && (
                  <RowActions
                    name={excerpt(note.note)}
                    onEdit={() => editor.openEdit(note)}
                    onDelete={() => remove.mutateAsync({ id: note.id }).then(() => notify.success(tc('crud.deleted')))}
                  />
                )}
              </Flex>
            </Card>
          ))}
        </Flex>
      )}

      <FormModal<NoteForm>
        open={editor.open}
        title={t('notes.edit')}
        form={editForm}
        initialValues={editor.record}
        onSubmit={(values) => save.mutateAsync({ ...values, id: editor.record?.id, patientId })}
        onClose={editor.close}
      >
        <Form.Item name="note" label={t('notes.note')} {...zodField(fields.note)}>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 12 }} maxLength={NOTE_MAX_LENGTH} showCount autoFocus />
        </Form.Item>
      </FormModal>
    </Flex>
  );
}
