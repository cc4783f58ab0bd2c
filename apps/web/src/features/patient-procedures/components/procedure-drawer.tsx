import { nameIn } from '../../../lib/local-name';
import {
  type Dentition,
  type PatientProcedureItem,
  type SavePatientProcedureOutput,
  dentitionOf,
} from '@dental/contract';
import { Alert, Button, Drawer, Flex, Form, Input, Modal, Radio, Select, Space, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DayField } from '../../../components/day-field';
import { ApiError } from '../../../lib/api';
import { applyServerErrors } from '../../../lib/form';
import { fieldErrorText } from '../../../lib/i18n';
import { useCan } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { type Selection, EMPTY_SELECTION } from '../../dental-chart/chart-state';
import { useBranchDoctors, useMyBranches, usePriceList, useSavePatientProcedure } from '../api';
import {
  type ToothSelection,
  pickerGroups,
  selectionFromTeeth,
  teethFromSelection,
  teethSelectionError,
  withApprovalConfirmation,
} from '../procedure-model';
import { PickingChart } from './picking-chart';
import { reportProcedureError, useProcedureFormat } from './procedure-ui';

interface Values {
  branchId?: number;
  procedureId?: number;
  doctorId?: number;
  discountKind: 'none' | 'amount' | 'percent';
  discountValue?: string;
  plannedDate?: string | null;
  notes?: string;
  status: 'S1' | 'S3';
}

export interface ProcedureDrawerProps {
  open: boolean;
  patientId: number;
  /** The procedure to change; absent: a new one. */
  item?: PatientProcedureItem | null;
  /** Teeth already picked on the tab's chart, for a new procedure. */
  initialSelection?: Selection;
  onClose: () => void;
  onSaved: (result: SavePatientProcedureOutput, doctorId: number, created: boolean) => void;
  /** Reload after a 409 (someone else changed the procedure). */
  reload?: () => unknown;
}

/**
 * Add or change a patient procedure: the branch (the user's), the procedure from that branch's price list
 * (search by name or code, grouped by treatment branch, with its price), teeth and surfaces picked on the chart,
 * the doctor (default: the logged-in doctor), a discount (only with patient_apply_discount), planned day, notes.
 */
export function ProcedureDrawer(p: ProcedureDrawerProps) {
  const { t } = useTranslation('patient-procedures');
  const { t: tc } = useTranslation();
  const session = useSession();
  const canDiscount = useCan('patient_apply_discount');
  const f = useProcedureFormat();
  const [form] = Form.useForm<Values>();
  const save = useSavePatientProcedure();
  const editing = !!p.item;

  const branchId = Form.useWatch('branchId', form) ?? p.item?.branchId ?? session?.branchId ?? null;
  const procedureId = Form.useWatch('procedureId', form);
  const discountKind = Form.useWatch('discountKind', form) ?? 'none';
  const branches = useMyBranches();
  const priceList = usePriceList(p.open ? branchId : null);
  const doctors = useBranchDoctors(p.open ? branchId : null);
  const [search, setSearch] = useState('');

  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const [dentition, setDentition] = useState<Dentition>('adult');
  const [teethError, setTeethError] = useState<string | null>(null);

  useEffect(() => {
    if (!p.open) return;
    const item = p.item;
    const start = item ? selectionFromTeeth(item.teeth) : (p.initialSelection ?? EMPTY_SELECTION);
    setSelection(start);
    const first = start.order[0];
    setDentition(first !== undefined ? dentitionOf(first) : 'adult');
    setTeethError(null);
    setSearch('');
    form.resetFields();
    form.setFieldsValue(
      item
        ? {
            branchId: item.branchId,
            procedureId: item.procedureId,
            doctorId: item.doctorId,
            discountKind: item.discountPercent ? 'percent' : /^0*\.?0*$/.test(item.discount) ? 'none' : 'amount',
            discountValue: item.discountPercent ?? (/^0*\.?0*$/.test(item.discount) ? undefined : item.discount),
            plannedDate: item.plannedDate,
            notes: item.notes ?? undefined,
            status: 'S1',
          }
        : { branchId: session?.branchId ?? undefined, discountKind: 'none', status: 'S1' },
    );
  }, [p.open, p.item]);

  const rows = useMemo(() => priceList.data?.items ?? [], [priceList.data]);
  const chosen = rows.find((r) => r.procedureId === procedureId);
  const toothSelection: ToothSelection = chosen?.toothSelection ?? p.item?.toothSelection ?? 'tooth';
  const doctorList = useMemo(() => doctors.data?.doctors ?? [], [doctors.data]);

  // the logged-in doctor is the default doctor of a new procedure
  useEffect(() => {
    if (!p.open || editing || form.getFieldValue('doctorId')) return;
    const me = session?.user.userId;
    if (me && doctorList.some((d) => d.id === me)) form.setFieldValue('doctorId', me);
  }, [p.open, editing, doctorList, session?.user.userId, form]);

  const groups = useMemo(() => pickerGroups(rows, search, f.language), [rows, search, f.language]);
  const options = groups.map((g) => ({
    label: g.label,
    title: g.label,
    options: g.items.map((r) => ({
      value: r.procedureId,
      label: `${nameIn(f.language, r.nameAr, r.nameEn, r.nameFr)}${r.code ? ` (${r.code})` : ''} — ${f.money(r.price)}`,
    })),
  }));
  // the procedure being edited stays choosable even when the list lacks it (deactivated since)
  if (p.item && !rows.some((r) => r.procedureId === p.item!.procedureId))
    options.unshift({ label: '', title: '', options: [{ value: p.item.procedureId, label: f.name(p.item) }] });

  const [modalApi, modalHolder] = Modal.useModal();
  const submit = async (values: Values) => {
    const teeth = teethFromSelection(selection, toothSelection);
    const local = teethSelectionError(toothSelection, teeth);
    if (local) return setTeethError(fieldErrorText(local));
    setTeethError(null);
    const discount =
      !canDiscount ? undefined
      : values.discountKind === 'none' || !values.discountValue ? null
      : { kind: values.discountKind, value: values.discountValue };
    const input = {
      ...(p.item ? { id: p.item.id, version: p.item.version } : {}),
      patientId: p.patientId,
      branchId: values.branchId!,
      procedureId: values.procedureId!,
      doctorId: values.doctorId!,
      teeth,
      ...(discount === undefined ? {} : { discount }),
      notes: values.notes?.trim() || undefined,
      plannedDate: values.plannedDate ?? null,
      ...(p.item ? {} : { status: values.status }),
    };
    try {
      const result = await withApprovalConfirmation(
        (confirmWithoutApproval) => save.mutateAsync(confirmWithoutApproval ? { ...input, confirmWithoutApproval } : input),
        () =>
          new Promise<boolean>((resolve) => {
            void modalApi.confirm({
              title: t('approval.title'),
              content: fieldErrorText('approval_required'),
              okText: t('approval.confirm'),
              cancelText: tc('actions.cancel'),
              onOk: () => resolve(true),
              onCancel: () => resolve(false),
            });
          }),
      );
      if (!result) return;
      notify.success(tc('crud.saved'));
      p.onSaved(result, input.doctorId, !p.item);
    } catch (error) {
      if (error instanceof ApiError && error.body.errors) {
        const teethMessage = Object.entries(error.body.errors).find(([k]) => k === 'teeth' || k.startsWith('teeth.'));
        if (teethMessage) setTeethError(teethMessage[1]);
        const discountMessage = Object.entries(error.body.errors).find(([k]) => k.startsWith('discount'));
        if (discountMessage) form.setFields([{ name: 'discountValue', errors: [discountMessage[1]] }]);
        if (applyServerErrors(form, error) || teethMessage || discountMessage) return;
      }
      reportProcedureError(error, p.reload);
      if (error instanceof ApiError && error.code === 'stale_version') p.onClose();
    }
  };

  return (
    <Drawer
      open={p.open}
      onClose={p.onClose}
      title={editing ? t('form.editTitle') : t('form.addTitle')}
      size="large"
      styles={{ wrapper: { maxWidth: '100vw' } }}
      destroyOnHidden
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={p.onClose}>{tc('actions.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()} data-testid="procedure-save">
            {tc('actions.save')}
          </Button>
        </Flex>
      }
    >
      {modalHolder}
      <Form<Values> form={form} layout="vertical" onFinish={(v) => void submit(v)} requiredMark>
        <Form.Item name="branchId" label={t('fields.branch')} rules={[{ required: true, message: fieldErrorText('field_required') }]}>
          <Select<number>
            aria-label={t('fields.branch')}
            loading={branches.isLoading}
            disabled={editing}
            options={(branches.data?.items ?? []).map((b) => ({ value: b.branchId, label: b.name }))}
            onChange={() => form.setFieldsValue({ procedureId: undefined, doctorId: undefined })}
          />
        </Form.Item>
        <Form.Item name="procedureId" label={t('fields.procedure')} rules={[{ required: true, message: fieldErrorText('field_required') }]}>
          <Select<number>
            aria-label={t('fields.procedure')}
            data-testid="procedure-picker"
            showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
            loading={priceList.isLoading}
            placeholder={t('form.searchProcedure')}
            options={options}
            onChange={() => setSearch('')}
            notFoundContent={priceList.isLoading ? undefined : tc('crud.noMatches')}
          />
        </Form.Item>
        <Form.Item
          label={t(`form.teeth.${toothSelection}`)}
          required={toothSelection !== 'none'}
          validateStatus={teethError ? 'error' : undefined}
          help={teethError ?? undefined}
        >
          <Flex vertical gap={8}>
            <div data-testid="procedure-chart">
              <PickingChart
                dentition={dentition}
                onDentition={setDentition}
                selection={selection}
                onSelection={setSelection}
                onPick={() => setTeethError(null)}
              />
            </div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('form.chartHint')}
            </Typography.Text>
          </Flex>
        </Form.Item>
        <Form.Item name="doctorId" label={t('fields.doctor')} rules={[{ required: true, message: fieldErrorText('field_required') }]}>
          <Select<number>
            aria-label={t('fields.doctor')}
            loading={doctors.isLoading}
            showSearch={{ optionFilterProp: 'label' }}
            options={doctorList.map((d) => ({ value: d.id, label: d.name }))}
          />
        </Form.Item>
        {canDiscount && (
          <Form.Item label={t('fields.discount')}>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item name="discountKind" noStyle>
                <Select
                  style={{ width: 140 }}
                  aria-label={t('fields.discountKind')}
                  options={(['none', 'amount', 'percent'] as const).map((k) => ({ value: k, label: t(`discount.${k}`) }))}
                />
              </Form.Item>
              {discountKind !== 'none' && (
                <Form.Item name="discountValue" noStyle rules={[{ required: true, message: fieldErrorText('field_required') }]}>
                  <Input
                    inputMode="decimal"
                    dir="ltr"
                    aria-label={t('fields.discount')}
                    suffix={discountKind === 'percent' ? '%' : session?.user.currency}
                  />
                </Form.Item>
              )}
            </Space.Compact>
          </Form.Item>
        )}
        <DayField name="plannedDate" label={t('fields.plannedDate')} />
        <Form.Item name="notes" label={t('fields.notes')}>
          <Input.TextArea rows={3} maxLength={2000} showCount />
        </Form.Item>
        {!editing && (
          <Form.Item name="status" label={t('fields.status')}>
            <Radio.Group
              optionType="button"
              options={[
                { value: 'S1', label: t('status.S1') },
                { value: 'S3', label: t('status.S3') },
              ]}
            />
          </Form.Item>
        )}
        {chosen && chosen.insurancePrice !== chosen.price && (
          <Alert type="info" showIcon message={t('form.insurancePrice', { price: f.money(chosen.insurancePrice) })} />
        )}
      </Form>
    </Drawer>
  );
}
