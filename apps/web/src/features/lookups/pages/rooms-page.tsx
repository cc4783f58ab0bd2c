import { type RoomItem, type RoomSortField, type SaveRoomInput, saveRoomInput } from '@dental/contract';
import { ColorPicker, Form, Input, Space, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal';
import { ListPage } from '../../../components/list-page/list-page';
import { ListTable } from '../../../components/list-page/list-table';
import { RowActions } from '../../../components/list-page/row-actions';
import { useEditor } from '../../../components/list-page/use-editor';
import { useListParams } from '../../../components/list-page/use-list-params';
import { formatDate } from '../../../lib/format';
import { zodField } from '../../../lib/form';
import { useCan } from '../../../lib/permissions';
import { notify } from '../../../lib/toast';
import { useDeleteRoom, useRooms, useSaveRoom } from '../api';

const fields = saveRoomInput.shape;
const DEFAULTS: Partial<SaveRoomInput> = { color: '#079ee4' };

/** /Rooms: the clinic's treatment rooms with their calendar colour. */
export default function RoomsPage() {
  const { t } = useTranslation('lookups');
  const { t: tc } = useTranslation();
  const list = useListParams<RoomSortField>({ sortField: 'name', sortOrder: 'ascend' });
  const rooms = useRooms(list.params);
  const save = useSaveRoom();
  const remove = useDeleteRoom();
  const editor = useEditor<RoomItem>();
  const [form] = Form.useForm<SaveRoomInput>();
  const canAdd = useCan('room_add');
  const canEdit = useCan('room_edit');
  const canDelete = useCan('room_delete');

  const columns: TableColumnsType<RoomItem> = [
    {
      key: 'name', dataIndex: 'name', title: t('rooms.name'), sorter: true, sortOrder: list.sortOrderOf('name'),
      render: (name: string, room) => (
        <Space size="small">
          <span style={{ display: 'inline-block', width: 14, height: 14, borderRadius: '50%', background: room.color }} aria-hidden />
          {name}
        </Space>
      ),
    },
    {
      key: 'color', dataIndex: 'color', title: t('rooms.color'),
      render: (c: string) => (
        <span
          className="room-swatch" style={{ background: c }} role="img" aria-label={c.toUpperCase()} title={c.toUpperCase()}
        />
      ),
    },
    { key: 'createdAt', dataIndex: 'createdAt', title: t('createdAt'), sorter: true, sortOrder: list.sortOrderOf('createdAt'), render: formatDate },
    {
      key: 'actions', title: tc('crud.actions'), width: 120,
      render: (_, room) => (
        <RowActions
          name={room.name}
          onEdit={canEdit ? () => editor.openEdit(room) : undefined}
          onDelete={canDelete ? () => remove.mutateAsync({ id: room.id }).then(() => notify.success(tc('crud.deleted'))) : undefined}
        />
      ),
    },
  ];

  return (
    <ListPage
      title={t('rooms.title')}
      search={list.search}
      onSearch={list.setSearch}
      searchPlaceholder={t('rooms.search')}
      onAdd={canAdd ? editor.openNew : undefined}
      addLabel={t('rooms.add')}
    >
      <ListTable<RoomItem> columns={columns} query={rooms} list={list} emptyText={t('rooms.empty')} />
      <FormModal<SaveRoomInput>
        open={editor.open}
        title={editor.record ? t('rooms.edit') : t('rooms.add')}
        form={form}
        defaults={DEFAULTS}
        initialValues={editor.record}
        onSubmit={(values) => save.mutateAsync({ ...values, id: editor.record?.id })}
        onClose={editor.close}
      >
        <Form.Item name="name" label={t('rooms.name')} {...zodField(fields.name)}>
          <Input maxLength={100} autoFocus />
        </Form.Item>
        <Form.Item
          name="color"
          label={t('rooms.color')}
          {...zodField(fields.color)}
          getValueFromEvent={(color: { toHexString(): string }) => color.toHexString()}
        >
          <ColorPicker showText disabledAlpha format="hex" />
        </Form.Item>
      </FormModal>
    </ListPage>
  );
}
