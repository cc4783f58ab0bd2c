import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { PaymentPlanItem } from '@dental/contract';
import { Button, Card, Drawer, Flex, Form, Input, InputNumber, Modal, Radio, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DayField } from '../../../components/day-field';
import { EmptyState } from '../../../components/empty-state';
import { ApiError } from '../../../lib/api';
import { clinicToday, formatWallDate } from '../../../lib/clinic-time';
import { handleFormError } from '../../../lib/form';
import { fieldErrorText } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { useDeletePlan, usePaymentPlans, useSavePlan } from '../api';
import { amountProblem, instalmentDays, isPositive, splitInstalments } from '../payments-model';
import { useMoney } from './money';

const STATE_COLOR = { paid: 'green', partly_paid: 'gold', due: 'default', overdue: 'red' } as const;
const STATE_LABEL = { paid: 'plan.paid', partly_paid: 'plan.partlyPaid', due: 'plan.upcoming', overdue: 'plan.overdue' } as const;

/** The patient's instalment plans: each with its instalments, what is paid and what is overdue (the server's). */
export function PlansSection({ patientId, canWrite }: { patientId: number; canWrite: boolean }) {
  const { t } = useTranslation('payments');
  const { t: tc } = useTranslation();
  const m = useMoney();
  const plans = usePaymentPlans(patientId);
  const remove = useDeletePlan();
  const [creating, setCreating] = useState(false);
  const [modal, holder] = Modal.useModal();

  const confirmDelete = (plan: PaymentPlanItem) =>
    modal.confirm({
      title: tc('crud.confirmDeleteTitle'),
      content: t('plan.summary', { total: m.money(plan.total), count: plan.instalments.length, date: formatWallDate(plan.startsOn) }),
      okButtonProps: { danger: true },
      okText: tc('actions.delete'),
      cancelText: tc('actions.cancel'),
      onOk: async () => {
        try {
          await remove.mutateAsync({ id: plan.id });
          notify.success(tc('crud.deleted'));
        } catch (error) {
          if (error instanceof ApiError && error.status !== 401) notify.warning(error.message);
        }
      },
    });

  return (
    <Card
      size="small"
      title={t('tab.plans')}
      data-testid="plans-section"
      extra={
        canWrite && (
          <Button size="small" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="new-plan">
            {t('tab.newPlan')}
          </Button>
        )
      }
    >
      {holder}
      {plans.data && plans.data.items.length === 0 && <EmptyState compact description={t('tab.noPlans')} />}
      <Flex vertical gap={16}>
        {(plans.data?.items ?? []).map((plan) => (
          <div key={plan.id} data-testid="plan">
            <Flex justify="space-between" align="baseline" wrap gap={8}>
              <Space wrap size={[12, 4]}>
                <Typography.Text strong>
                  {t('plan.summary', { total: m.money(plan.total), count: plan.instalments.length, date: formatWallDate(plan.startsOn) })}
                </Typography.Text>
                <Typography.Text>{t('plan.paidSoFar', { amount: m.money(plan.paid) })}</Typography.Text>
                {isPositive(plan.overdue) && (
                  <Typography.Text type="danger" strong data-testid="plan-overdue">
                    {t('plan.overdueAmount', { amount: m.money(plan.overdue) })}
                  </Typography.Text>
                )}
              </Space>
              {canWrite && (
                <Button size="small" danger icon={<DeleteOutlined />} aria-label={tc('actions.delete')} onClick={() => confirmDelete(plan)} />
              )}
            </Flex>
            {plan.notes && <Typography.Paragraph type="secondary" style={{ margin: 0 }}>{plan.notes}</Typography.Paragraph>}
            <Table
              rowKey="id"
              size="small"
              pagination={false}
              dataSource={plan.instalments}
              rowClassName={(r) => (r.state === 'overdue' ? 'pay-overdue' : r.state === 'paid' ? 'pay-instalment-paid' : '')}
              columns={[
                { key: 'n', title: t('columns.instalment'), render: (_, __, i) => i + 1 },
                { key: 'dueOn', title: t('columns.dueOn'), render: (_, r) => formatWallDate(r.dueOn) },
                { key: 'amount', title: t('columns.amount'), align: 'end', className: 'pay-num', render: (_, r) => m.money(r.amount) },
                { key: 'paid', title: t('columns.paid'), align: 'end', className: 'pay-num', responsive: ['sm'], render: (_, r) => m.money(r.paid) },
                { key: 'remaining', title: t('columns.remaining'), align: 'end', className: 'pay-num', responsive: ['sm'], render: (_, r) => m.money(r.remaining) },
                {
                  key: 'state',
                  title: t('columns.state'),
                  render: (_, r) => (
                    <Tag color={STATE_COLOR[r.state]} data-state={r.state}>
                      {t(STATE_LABEL[r.state])}
                    </Tag>
                  ),
                },
              ]}
            />
          </div>
        ))}
      </Flex>
      <PlanDrawer patientId={patientId} open={creating} onClose={() => setCreating(false)} />
    </Card>
  );
}

interface PlanValues {
  total: string;
  count: number;
  startsOn: string;
  every: 'month' | 'week';
  notes?: string;
}

/** A new instalment plan: a total in a number of equal instalments (the last takes the rest), monthly or weekly. */
function PlanDrawer({ patientId, open, onClose }: { patientId: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('payments');
  const { t: tc } = useTranslation();
  const session = useSession();
  const m = useMoney();
  const [form] = Form.useForm<PlanValues>();
  const save = useSavePlan();
  const values = Form.useWatch([], form) as Partial<PlanValues> | undefined;
  useEffect(() => {
    if (open) form.setFieldsValue({ total: '', count: 3, every: 'month', startsOn: clinicToday(session?.user.timeZone ?? 'UTC'), notes: undefined });
  }, [open, form, session?.user.timeZone]);

  const total = values?.total?.trim() ?? '';
  const preview =
    total && !amountProblem(total, '99999999999', m.decimals) && values?.count && values.startsOn && values.every
      ? splitInstalments(total, values.count, m.decimals).map((amount, i) => ({
          amount,
          dueOn: instalmentDays(values.startsOn!, values.count!, values.every!)[i]!,
        }))
      : [];

  const submit = async (v: PlanValues) => {
    try {
      await save.mutateAsync({
        patientId,
        branchId: session?.branchId ?? 0,
        total: v.total.trim(),
        instalments: preview,
        notes: v.notes?.trim() || undefined,
      });
      notify.success(t('plan.saved'));
      onClose();
    } catch (error) {
      handleFormError(form, error);
    }
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('plan.title')}
      styles={{ wrapper: { maxWidth: '100vw' } }}
      destroyOnHidden
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>{tc('actions.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()} data-testid="plan-save">
            {t('plan.save')}
          </Button>
        </Flex>
      }
    >
      <Form<PlanValues> form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="total"
          label={t('plan.total')}
          required
          rules={[
            {
              validator: async (_, value: string) => {
                const problem = amountProblem(value, '99999999999', m.decimals);
                if (problem) throw new Error(t(`pay.${problem === 'max' ? 'invalid' : problem}`));
              },
            },
          ]}
        >
          <Input inputMode="decimal" dir="ltr" suffix={m.currency} autoComplete="off" data-testid="plan-total" />
        </Form.Item>
        <Form.Item name="count" label={t('plan.count')} rules={[{ required: true, message: fieldErrorText('field_required') }]}>
          <InputNumber min={1} max={120} precision={0} style={{ width: '100%' }} data-testid="plan-count" />
        </Form.Item>
        <DayField name="startsOn" label={t('plan.startsOn')} rules={[{ required: true, message: fieldErrorText('field_required') }]} pickerProps={{ allowClear: false }} />
        <Form.Item name="every" label={t('plan.every')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'month', label: t('plan.everyMonth') },
              { value: 'week', label: t('plan.everyWeek') },
            ]}
          />
        </Form.Item>
        <Form.Item name="notes" label={t('plan.notes')}>
          <Input.TextArea rows={2} maxLength={1000} />
        </Form.Item>
      </Form>
      {preview.length > 0 && (
        <Table
          rowKey="dueOn"
          size="small"
          pagination={false}
          dataSource={preview}
          data-testid="plan-preview"
          columns={[
            { key: 'n', title: t('columns.instalment'), render: (_, __, i) => i + 1 },
            { key: 'dueOn', title: t('columns.dueOn'), render: (_, r) => formatWallDate(r.dueOn) },
            { key: 'amount', title: t('columns.amount'), align: 'end', className: 'pay-num', render: (_, r) => m.money(r.amount) },
          ]}
        />
      )}
    </Drawer>
  );
}
