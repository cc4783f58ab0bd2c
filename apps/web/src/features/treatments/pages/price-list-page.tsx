import {
  type CopyProceduresOutput,
  type PriceListItem,
  type PriceListSortField,
  type SavePriceListProcedureInput,
  savePriceListProcedureInput,
} from '@dental/contract';
import { CopyOutlined } from '@ant-design/icons';
import { Alert, Button, Col, Form, Modal, Row, Select, type TableColumnsType, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { FormModal } from '../../../components/form-modal';
import { ListPage } from '../../../components/list-page/list-page';
import { ListTable } from '../../../components/list-page/list-table';
import { RowActions } from '../../../components/list-page/row-actions';
import { useEditor } from '../../../components/list-page/use-editor';
import { useDebounced, useListParams } from '../../../components/list-page/use-list-params';
import { zodField } from '../../../lib/form';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import {
  useBranchProcedures,
  useCopyProcedures,
  useDeletePriceListProcedure,
  useMyBranches,
  useProcedures,
  useSavePriceListProcedure,
} from '../api';
import { amountForInput, catalogueName, formatAmount, treatmentBranchName } from '../components/catalogue-text';
import { MoneyInput } from '../components/money-input';

type PriceValues = SavePriceListProcedureInput;
const fields = savePriceListProcedureInput.shape;

/** Adds a procedure of the catalogue (active ones) to the branch's list, at the catalogue's prices unless changed. */
function AddProcedureModal({ branchId, currency, open, onClose }: { branchId: number; currency: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('treatments');
  const [form] = Form.useForm<PriceValues>();
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search.trim());
  const catalogue = useProcedures({ search: debounced || undefined, isActive: true, pageSize: 50 }, open);
  const save = useSavePriceListProcedure();
  const items = catalogue.data?.items ?? [];
  const defaults = useMemo(() => ({ branchId }), [branchId]);
  return (
    <FormModal<PriceValues>
      open={open}
      title={t('addToList')}
      form={form}
      defaults={defaults}
      onSubmit={(values) => save.mutateAsync({ ...values, branchId })}
      onClose={onClose}
    >
      <Form.Item name="procedureId" label={t('procedure')} {...zodField(fields.procedureId)}>
        <Select
          showSearch
          filterOption={false}
          onSearch={setSearch}
          loading={catalogue.isFetching}
          notFoundContent={<EmptyState compact description={t('noProcedureFound')} />}
          options={items.map((p) => ({ value: p.id, label: `${p.code ? `${p.code} · ` : ''}${catalogueName(p)}` }))}
          onChange={(id: number) => {
            const p = items.find((i) => i.id === id);
            if (p) form.setFieldsValue({ price: amountForInput(p.price), insurancePrice: amountForInput(p.insurancePrice) });
          }}
        />
      </Form.Item>
      <PriceFields currency={currency} />
    </FormModal>
  );
}

function PriceFields({ currency }: { currency: string }) {
  const { t } = useTranslation('treatments');
  return (
    <Row gutter={12}>
      <Col xs={24} sm={12}>
        <Form.Item name="price" label={t('branchPrice')} {...zodField(fields.price)}>
          <MoneyInput currency={currency} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="insurancePrice" label={t('insurancePrice')} {...zodField(fields.insurancePrice)}>
          <MoneyInput currency={currency} />
        </Form.Item>
      </Col>
    </Row>
  );
}

/** Copies another branch's list into this one: what it lacks, at the other branch's prices; shows the report. */
function CopyModal({ branchTo, branches, open, onClose }: { branchTo: number; branches: { branchId: number; name: string }[]; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('treatments');
  const [branchFrom, setBranchFrom] = useState<number | undefined>();
  const [report, setReport] = useState<CopyProceduresOutput | null>(null);
  const copy = useCopyProcedures();
  const close = () => { setReport(null); setBranchFrom(undefined); onClose(); };
  const names = (list: CopyProceduresOutput['copiedProcedures']) => list.map((p) => catalogueName(p)).join('، ');
  const target = branches.find((b) => b.branchId === branchTo)?.name;
  return (
    <Modal
      open={open}
      title={t('copyTitle')}
      onCancel={close}
      destroyOnHidden
      footer={report
        ? <Button type="primary" onClick={close}>{t('done')}</Button>
        : [
            <Button key="cancel" onClick={close}>{t('cancel')}</Button>,
            <Button key="ok" type="primary" disabled={!branchFrom} loading={copy.isPending}
              onClick={() => branchFrom && copy.mutateAsync({ branchFrom, branchTo }).then(setReport)}>
              {t('copy')}
            </Button>,
          ]}
    >
      {report ? (
        <div data-testid="copy-report">
          <Alert type="success" showIcon message={t('copiedCount', { count: report.copied })} description={report.copied ? names(report.copiedProcedures) : undefined} style={{ marginBlockEnd: 12 }} />
          <Alert type="info" showIcon message={t('skippedCount', { count: report.skipped })} description={report.skipped ? names(report.skippedProcedures) : undefined} />
        </div>
      ) : (
        <>
          <Typography.Paragraph>{t('copyHint', { branch: target })}</Typography.Paragraph>
          <Form layout="vertical">
            <Form.Item label={t('copyFrom')} required>
              <Select
                aria-label={t('copyFrom')}
                value={branchFrom}
                onChange={setBranchFrom}
                options={branches.filter((b) => b.branchId !== branchTo).map((b) => ({ value: b.branchId, label: b.name }))}
              />
            </Form.Item>
          </Form>
        </>
      )}
    </Modal>
  );
}

/** /PriceList: a clinic branch's procedures with its prices (spec §2, BranchManager). */
export default function PriceListPage() {
  const { t } = useTranslation('treatments');
  const { t: tc } = useTranslation();
  const session = useSession();
  const currency = session?.user.currency ?? 'EGP';
  const myBranches = useMyBranches();
  const branches = myBranches.data?.items ?? [];
  const [chosen, setChosen] = useState<number | undefined>();
  const branchId = chosen ?? (branches.some((b) => b.branchId === session?.branchId) ? session?.branchId ?? undefined : branches[0]?.branchId);
  const list = useListParams<PriceListSortField>();
  const prices = useBranchProcedures({ ...list.params, branchId }, branchId != null);
  const save = useSavePriceListProcedure();
  const remove = useDeletePriceListProcedure();
  const editor = useEditor<PriceListItem>();
  const [form] = Form.useForm<PriceValues>();
  const [adding, setAdding] = useState(false);
  // the form resets whenever its values change: one object per opening, not per render
  const record = editor.record;
  const initial = useMemo(
    () => record && { procedureId: record.procedureId, price: amountForInput(record.price), insurancePrice: amountForInput(record.insurancePrice) },
    [record],
  );
  const [copying, setCopying] = useState(false);

  const columns: TableColumnsType<PriceListItem> = [
    { key: 'code', dataIndex: 'code', title: t('code'), sorter: true, sortOrder: list.sortOrderOf('code'), render: (code: string | null) => <bdi>{code ?? '—'}</bdi> },
    {
      key: 'nameAr', title: t('procedure'), sorter: true, sortOrder: list.sortOrderOf('nameAr'),
      render: (_, row) => <>{catalogueName(row)} {!row.isActive && <Tag>{t('inactive')}</Tag>}</>,
    },
    { key: 'treatmentBranch', title: t('treatmentBranch'), sorter: true, sortOrder: list.sortOrderOf('treatmentBranch'), render: (_, row) => treatmentBranchName(row) },
    { key: 'price', title: t('branchPrice'), sorter: true, sortOrder: list.sortOrderOf('price'), align: 'end', render: (_, row) => <bdi>{formatAmount(row.price, currency)}</bdi> },
    { key: 'insurancePrice', title: t('insurancePrice'), align: 'end', render: (_, row) => <bdi>{formatAmount(row.insurancePrice, currency)}</bdi> },
    {
      key: 'actions', title: tc('crud.actions'), width: 110, fixed: 'end',
      render: (_, row) => (
        <RowActions
          name={catalogueName(row)}
          onEdit={() => editor.openEdit(row)}
          onDelete={() => remove.mutateAsync({ id: row.id }).then(() => notify.success(tc('crud.deleted')))}
        />
      ),
    },
  ];

  return (
    <ListPage
      title={t('priceListTitle')}
      search={list.search}
      onSearch={list.setSearch}
      searchPlaceholder={t('searchProcedure')}
      onAdd={branchId != null ? () => setAdding(true) : undefined}
      addLabel={t('addToList')}
      extra={
        <>
          <Select
            aria-label={t('clinicBranch')}
            style={{ minWidth: 180 }}
            loading={myBranches.isLoading}
            value={branchId}
            onChange={(v: number) => { setChosen(v); list.firstPage(); }}
            options={branches.map((b) => ({ value: b.branchId, label: b.name }))}
          />
          {branches.length > 1 && branchId != null && (
            <Button icon={<CopyOutlined />} onClick={() => setCopying(true)}>{t('copyFromBranch')}</Button>
          )}
        </>
      }
    >
      <ListTable<PriceListItem> columns={columns} query={prices} list={list} emptyText={t('emptyPriceList')} />
      {branchId != null && (
        <>
          <FormModal<PriceValues>
            open={editor.open}
            title={editor.record ? `${t('editPrice')}: ${catalogueName(editor.record)}` : t('editPrice')}
            form={form}
            initialValues={initial}
            onSubmit={(values) => save.mutateAsync({ ...values, branchId, procedureId: editor.record!.procedureId })}
            onClose={editor.close}
          >
            <PriceFields currency={currency} />
          </FormModal>
          <AddProcedureModal branchId={branchId} currency={currency} open={adding} onClose={() => setAdding(false)} />
          <CopyModal branchTo={branchId} branches={branches} open={copying} onClose={() => setCopying(false)} />
        </>
      )}
    </ListPage>
  );
}
