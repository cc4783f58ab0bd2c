import {
  type SaveVacationInput,
  VACATION_SORT_FIELDS,
  type VacationItem,
  roleSatisfiesRule,
} from '@dental/contract';
import { DatePicker, Form, Select, type TableColumnsType, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal';
import { ListPage } from '../../../components/list-page/list-page';
import { ListTable } from '../../../components/list-page/list-table';
import { RowActions } from '../../../components/list-page/row-actions';
import { useEditor } from '../../../components/list-page/use-editor';
import { useListParams } from '../../../components/list-page/use-list-params';
import { DATE_FORMAT, formatDate } from '../../../lib/format';
import { userCan } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { type LeaveUser, useDeleteVacation, useLeaveUsers, useSaveVacation, useVacations } from '../api';
import { ISO_DAY } from '../../../lib/format';
import { VacationFormFields } from '../components/vacation-form';
import { dayCount } from '../vacation-days';

type SortField = (typeof VACATION_SORT_FIELDS)[number];
type Kind = 'all' | 'clinic' | 'users';
interface Filters {
  kind: Kind;
  userId?: number;
  range?: [Dayjs, Dayjs] | null;
}

const toForm = (v: VacationItem): Partial<SaveVacationInput> => ({
  name: v.name,
  userId: v.userId ?? undefined,
  startDate: v.startDate,
  endDate: v.endDate,
  notes: v.notes ?? undefined,
});

/** /VacationsList: clinic holidays (no user) and users' leave, with search, filters, sort and paging. */
export default function VacationsPage() {
  const { t } = useTranslation('vacations');
  const { t: tc } = useTranslation();
  const user = useSession()?.user;
  const list = useListParams<SortField>({ sortField: 'startDate', sortOrder: 'descend' });
  const [filters, setFilters] = useState<Filters>({ kind: 'all' });
  const vacations = useVacations({
    ...list.params,
    kind: filters.kind,
    userId: filters.kind === 'clinic' ? undefined : filters.userId,
    from: filters.range?.[0].format(ISO_DAY),
    to: filters.range?.[1].format(ISO_DAY),
  });
  const leaveUsers = useLeaveUsers();
  const save = useSaveVacation();
  const remove = useDeleteVacation();
  const editor = useEditor<VacationItem>();
  const [form] = Form.useForm<SaveVacationInput>();
  // Saving and deleting also need the Secretariat rule (owner, manager, secretary, staff).
  const canChange = userCan(user, 'settings_vacation_list') && !!user && roleSatisfiesRule(user.userRole, 'Secretariat');

  /** The picker's users, plus the edited leave's user when the picker does not list them (e.g. not a doctor). */
  const pickerUsers = useMemo<LeaveUser[]>(() => {
    const r = editor.record;
    if (!r?.userId || leaveUsers.users.some((u) => u.id === r.userId)) return leaveUsers.users;
    return [...leaveUsers.users, { id: r.userId, name: r.userName ?? String(r.userId) }];
  }, [leaveUsers.users, editor.record]);
  const initialValues = useMemo(() => (editor.record ? toForm(editor.record) : undefined), [editor.record]);

  const filter = (patch: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    list.firstPage();
  };

  const columns: TableColumnsType<VacationItem> = [
    {
      key: 'name', dataIndex: 'name', title: t('fields.name'), sorter: true, sortOrder: list.sortOrderOf('name'),
      render: (name: string) => <bdi>{name}</bdi>,
    },
    {
      key: 'user',
      title: t('fields.user'),
      render: (_, v) => (v.userId ? <bdi>{v.userName}</bdi> : <Tag color="blue">{t('wholeClinic')}</Tag>),
    },
    {
      key: 'startDate', dataIndex: 'startDate', title: t('fields.startDate'), sorter: true,
      sortOrder: list.sortOrderOf('startDate'), render: formatDate,
    },
    { key: 'endDate', dataIndex: 'endDate', title: t('fields.endDate'), render: formatDate },
    { key: 'days', title: t('fields.days'), render: (_, v) => dayCount(v.startDate, v.endDate) },
    {
      key: 'notes', dataIndex: 'notes', title: t('fields.notes'),
      render: (notes: string | null) => notes && <Typography.Text ellipsis={{ tooltip: notes }} style={{ maxWidth: 260 }}>{notes}</Typography.Text>,
    },
    {
      key: 'createdAt', dataIndex: 'createdAt', title: t('fields.createdAt'), sorter: true,
      sortOrder: list.sortOrderOf('createdAt'), render: formatDate,
    },
    ...(canChange
      ? [
          {
            key: 'actions', title: tc('crud.actions'), width: 110,
            render: (_: unknown, v: VacationItem) => (
              <RowActions
                name={v.name}
                onEdit={() => editor.openEdit(v)}
                onDelete={() => remove.mutateAsync({ id: v.id }).then(() => notify.success(tc('crud.deleted')))}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <ListPage
      title={t('title')}
      search={list.search}
      onSearch={list.setSearch}
      searchPlaceholder={t('search')}
      onAdd={canChange ? editor.openNew : undefined}
      addLabel={t('add')}
      extra={
        <>
          <Select<Kind>
            aria-label={t('filters.kind')}
            style={{ minWidth: 150 }}
            value={filters.kind}
            onChange={(kind) => filter({ kind })}
            options={[
              { value: 'all', label: t('filters.all') },
              { value: 'clinic', label: t('filters.clinic') },
              { value: 'users', label: t('filters.users') },
            ]}
          />
          <Select<number>
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('filters.user')}
            aria-label={t('filters.user')}
            style={{ minWidth: 170 }}
            disabled={filters.kind === 'clinic'}
            loading={leaveUsers.loading}
            value={filters.kind === 'clinic' ? undefined : filters.userId}
            onChange={(userId?: number) => filter({ userId })}
            options={leaveUsers.users.map((u) => ({ value: u.id, label: u.name }))}
          />
          <DatePicker.RangePicker
            format={DATE_FORMAT}
            aria-label={t('filters.range')}
            placeholder={[t('filters.from'), t('filters.to')]}
            value={filters.range ?? null}
            onChange={(range) => filter({ range: range as [Dayjs, Dayjs] | null })}
          />
        </>
      }
    >
      <ListTable<VacationItem> columns={columns} query={vacations} list={list} emptyText={t('empty')} />
      <FormModal<SaveVacationInput>
        open={editor.open}
        title={editor.record ? t('edit') : t('add')}
        form={form}
        initialValues={initialValues}
        onSubmit={(values) =>
          save.mutateAsync({ ...values, userId: values.userId ?? null, id: editor.record?.id })
        }
        onClose={editor.close}
      >
        <VacationFormFields form={form} users={pickerUsers} />
      </FormModal>
    </ListPage>
  );
}
