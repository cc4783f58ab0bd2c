import {
  type ProcedureItem,
  type ProcedureSortField,
  type SaveProcedureInput,
  type SaveTreatmentInput,
  TOOTH_SELECTIONS,
  type TreatmentBranchItem,
  type TreatmentBranchSortField,
  saveProcedureInput,
  saveTreatmentInput,
} from '@dental/contract';
import { Button, Col, Form, Input, InputNumber, Row, Select, Switch, type TableColumnsType, Tabs, Tag } from 'antd';
import { useMemo, useState } from 'react';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal';
import { ListPage } from '../../../components/list-page/list-page';
import { ListTable } from '../../../components/list-page/list-table';
import { RowActions } from '../../../components/list-page/row-actions';
import { useEditor } from '../../../components/list-page/use-editor';
import { useListParams } from '../../../components/list-page/use-list-params';
import { zodField } from '../../../lib/form';
import { useCan } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import {
  useDeleteProcedure,
  useDeleteTreatmentBranch,
  useProcedures,
  useSaveProcedure,
  useSaveTreatment,
  useTreatmentBranches,
} from '../api';
import { amountForInput, catalogueName, formatAmount, treatmentBranchName } from '../components/catalogue-text';
import { MoneyInput } from '../components/money-input';

type ActiveFilter = 'all' | 'active' | 'inactive';
const NEW_PROCEDURE: Partial<SaveProcedureInput> = { isActive: true, toothSelection: 'tooth' };
const NEW_BRANCH: Partial<SaveTreatmentInput> = { isActive: true, sortOrder: 0 };

function ActiveTag({ active }: { active: boolean }) {
  const { t } = useTranslation('treatments');
  return active ? <Tag color="green">{t('active')}</Tag> : <Tag>{t('inactive')}</Tag>;
}

/** Names in ar, en and (optional) fr, validated by the call's own schema fields. */
function NameFields({ shape }: { shape: Record<'nameAr' | 'nameEn' | 'nameFr', z.ZodType> }) {
  const { t } = useTranslation('treatments');
  return (
    <Row gutter={12}>
      <Col xs={24}>
        <Form.Item name="nameAr" label={t('nameAr')} {...zodField(shape.nameAr)}>
          <Input maxLength={150} dir="rtl" autoFocus />
        </Form.Item>
      </Col>
      <Col xs={24}>
        <Form.Item name="nameEn" label={t('nameEn')} {...zodField(shape.nameEn)}>
          <Input maxLength={150} dir="ltr" />
        </Form.Item>
      </Col>
      <Col xs={24}>
        <Form.Item name="nameFr" label={t('nameFr')} extra={t('nameFrHint')} {...zodField(shape.nameFr)}>
          <Input maxLength={150} dir="ltr" />
        </Form.Item>
      </Col>
    </Row>
  );
}

/** The procedures of the catalogue: search, filter by treatment branch and active, sort, page, add, edit, delete. */
function ProceduresTab({ branchFilter, setBranchFilter }: { branchFilter?: number; setBranchFilter: (id?: number) => void }) {
  const { t } = useTranslation('treatments');
  const { t: tc } = useTranslation();
  const currency = useSession()?.user.currency ?? 'EGP';
  const list = useListParams<ProcedureSortField>();
  const [active, setActive] = useState<ActiveFilter>('all');
  const procedures = useProcedures({
    ...list.params,
    treatmentBranchId: branchFilter,
    isActive: active === 'all' ? undefined : active === 'active',
  });
  const branches = useTreatmentBranches({ pageSize: 200 });
  const save = useSaveProcedure();
  const remove = useDeleteProcedure();
  const editor = useEditor<ProcedureItem>();
  const [form] = Form.useForm<SaveProcedureInput>();
  const canAdd = useCan('treatment_add');
  const canEdit = useCan('treatment_edit');
  const canDelete = useCan('treatment_delete');
  const branchOptions = (branches.data?.items ?? []).map((b) => ({ value: b.id, label: catalogueName(b) }));
  const fields = saveProcedureInput.shape;

  const columns: TableColumnsType<ProcedureItem> = [
    { key: 'code', dataIndex: 'code', title: t('code'), sorter: true, sortOrder: list.sortOrderOf('code'), render: (code: string | null) => <bdi>{code ?? '—'}</bdi> },
    {
      key: 'nameAr', title: t('procedure'), sorter: true, sortOrder: list.sortOrderOf('nameAr'),
      render: (_, row) => <>{catalogueName(row)} {!row.isActive && <ActiveTag active={false} />}</>,
    },
    { key: 'treatmentBranch', title: t('treatmentBranch'), sorter: true, sortOrder: list.sortOrderOf('treatmentBranch'), render: (_, row) => treatmentBranchName(row) },
    { key: 'price', title: t('price'), sorter: true, sortOrder: list.sortOrderOf('price'), align: 'end', render: (_, row) => <bdi>{formatAmount(row.price, currency)}</bdi> },
    { key: 'insurancePrice', title: t('insurancePrice'), align: 'end', render: (_, row) => <bdi>{formatAmount(row.insurancePrice, currency)}</bdi> },
    {
      key: 'actions', title: tc('crud.actions'), width: 110, fixed: 'end',
      render: (_, row) => (
        <RowActions
          name={catalogueName(row)}
          onEdit={canEdit ? () => editor.openEdit(row) : undefined}
          onDelete={canDelete ? () => remove.mutateAsync({ id: row.id }).then(() => notify.success(tc('crud.deleted'))) : undefined}
        />
      ),
    },
  ];

  // the form resets whenever these change: one object per opening, not per render
  const record = editor.record;
  const initial = useMemo(
    () => record && { ...record, price: amountForInput(record.price), insurancePrice: amountForInput(record.insurancePrice) },
    [record],
  );
  const defaults = useMemo(() => ({ ...NEW_PROCEDURE, treatmentBranchId: branchFilter }), [branchFilter]);

  return (
    <ListPage
      title={t('procedures')}
      search={list.search}
      onSearch={list.setSearch}
      searchPlaceholder={t('searchProcedure')}
      onAdd={canAdd ? editor.openNew : undefined}
      addLabel={t('addProcedure')}
      extra={
        <>
          <Select
            allowClear
            aria-label={t('treatmentBranch')}
            placeholder={t('allBranches')}
            style={{ minWidth: 200 }}
            options={branchOptions}
            value={branchFilter}
            onChange={(v?: number) => { setBranchFilter(v); list.firstPage(); }}
          />
          <Select<ActiveFilter>
            aria-label={t('status')}
            style={{ minWidth: 130 }}
            value={active}
            onChange={(v) => { setActive(v); list.firstPage(); }}
            options={(['all', 'active', 'inactive'] as const).map((v) => ({ value: v, label: t(`filter.${v}`) }))}
          />
        </>
      }
    >
      <ListTable<ProcedureItem> columns={columns} query={procedures} list={list} emptyText={t('emptyProcedures')} />
      <FormModal<SaveProcedureInput>
        open={editor.open}
        title={editor.record ? t('editProcedure') : t('addProcedure')}
        form={form}
        defaults={defaults}
        initialValues={initial}
        onSubmit={(values) => save.mutateAsync({ ...values, id: editor.record?.id })}
        onClose={editor.close}
      >
        <NameFields shape={fields} />
        <Row gutter={12}>
          <Col xs={24} md={12}>
            <Form.Item name="treatmentBranchId" label={t('treatmentBranch')} {...zodField(fields.treatmentBranchId)}>
              <Select options={branchOptions} showSearch optionFilterProp="label" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="code" label={t('code')} extra={t('codeHint')} {...zodField(fields.code)}>
              <Input maxLength={20} dir="ltr" placeholder="D3310" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="price" label={t('price')} {...zodField(fields.price)}>
              <MoneyInput currency={currency} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="insurancePrice" label={t('insurancePrice')} {...zodField(fields.insurancePrice)}>
              <MoneyInput currency={currency} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="toothSelection" label={t('toothSelection')}>
              <Select options={TOOTH_SELECTIONS.map((v) => ({ value: v, label: t(`tooth.${v}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="isActive" label={t('active')} valuePropName="checked" extra={t('activeHint')}>
              <Switch />
            </Form.Item>
          </Col>
        </Row>
      </FormModal>
    </ListPage>
  );
}

/** The treatment branches with their procedure counts; a count opens the procedures of that branch. */
function BranchesTab({ showProcedures }: { showProcedures: (id: number) => void }) {
  const { t } = useTranslation('treatments');
  const { t: tc } = useTranslation();
  const list = useListParams<TreatmentBranchSortField>();
  const branches = useTreatmentBranches(list.params);
  const save = useSaveTreatment();
  const remove = useDeleteTreatmentBranch();
  const editor = useEditor<TreatmentBranchItem>();
  const [form] = Form.useForm<SaveTreatmentInput>();
  const canAdd = useCan('treatment_add');
  const canEdit = useCan('treatment_edit');
  const canDelete = useCan('treatment_delete');
  const fields = saveTreatmentInput.shape;

  const columns: TableColumnsType<TreatmentBranchItem> = [
    { key: 'sortOrder', dataIndex: 'sortOrder', title: t('sortOrder'), sorter: true, sortOrder: list.sortOrderOf('sortOrder'), width: 90 },
    { key: 'nameAr', title: t('treatmentBranch'), sorter: true, sortOrder: list.sortOrderOf('nameAr'), render: (_, row) => catalogueName(row) },
    {
      key: 'procedureCount', title: t('procedureCount'), sorter: true, sortOrder: list.sortOrderOf('procedureCount'),
      render: (_, row) => <Button type="link" onClick={() => showProcedures(row.id)}>{row.procedureCount}</Button>,
    },
    { key: 'isActive', title: t('status'), render: (_, row) => <ActiveTag active={row.isActive} /> },
    {
      key: 'actions', title: tc('crud.actions'), width: 110, fixed: 'end',
      render: (_, row) => (
        <RowActions
          name={catalogueName(row)}
          onEdit={canEdit ? () => editor.openEdit(row) : undefined}
          onDelete={canDelete ? () => remove.mutateAsync({ id: row.id }).then(() => notify.success(tc('crud.deleted'))) : undefined}
          deleteDisabledReason={row.procedureCount ? t('branchHasProcedures') : undefined}
        />
      ),
    },
  ];

  return (
    <ListPage
      title={t('treatmentBranches')}
      search={list.search}
      onSearch={list.setSearch}
      searchPlaceholder={t('searchBranch')}
      onAdd={canAdd ? editor.openNew : undefined}
      addLabel={t('addBranch')}
    >
      <ListTable<TreatmentBranchItem> columns={columns} query={branches} list={list} emptyText={t('emptyBranches')} />
      <FormModal<SaveTreatmentInput>
        open={editor.open}
        title={editor.record ? t('editBranch') : t('addBranch')}
        form={form}
        defaults={NEW_BRANCH}
        initialValues={editor.record}
        onSubmit={(values) => save.mutateAsync({ ...values, id: editor.record?.id })}
        onClose={editor.close}
      >
        <NameFields shape={fields} />
        <Row gutter={12}>
          <Col xs={12}>
            <Form.Item name="sortOrder" label={t('sortOrder')} {...zodField(fields.sortOrder)}>
              <InputNumber min={0} max={10_000} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12}>
            <Form.Item name="isActive" label={t('active')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
      </FormModal>
    </ListPage>
  );
}

/** /TreatmentsList: the clinic's catalogue of treatment branches and procedures (spec §2). */
export default function TreatmentsPage() {
  const { t } = useTranslation('treatments');
  const [tab, setTab] = useState('procedures');
  const [branchFilter, setBranchFilter] = useState<number | undefined>();
  return (
    <Tabs
        aria-label={t('title')}
        activeKey={tab}
        onChange={setTab}
        destroyOnHidden={false}
        items={[
          { key: 'procedures', label: t('procedures'), children: <ProceduresTab branchFilter={branchFilter} setBranchFilter={setBranchFilter} /> },
          {
            key: 'branches', label: t('treatmentBranches'),
            children: <BranchesTab showProcedures={(id) => { setBranchFilter(id); setTab('procedures'); }} />,
          },
        ]}
      />
  );
}
