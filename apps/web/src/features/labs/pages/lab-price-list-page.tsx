import { CheckOutlined, CloseOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { type LabPriceItem, currencyDecimals, fitsCurrency, moneyAmount } from '@dental/contract';
import { Button, Card, Flex, Input, Popconfirm, Select, Space, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { isApiError } from '../../../lib/api';
import { formatDate, formatMoneyText } from '../../../lib/format';
import { currentLanguage, fieldErrorText } from '../../../lib/i18n';
import { nameIn } from '../../../lib/local-name';
import { useCan } from '../../../lib/permissions';
import { notify } from '../../../lib/toast';
import { useDeleteLabPrice, useLabChoices, useLabPriceList, useSaveLabPrice } from '../api';

/** The typed price's problem (a catalogue code) or null: a decimal of zero or more with the currency's decimals. */
export function priceProblem(text: string, currency: string): string | null {
  const parsed = moneyAmount.safeParse(text);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? 'money_invalid';
  return fitsCurrency(parsed.data, currencyDecimals(currency)) ? null : 'money_decimals_invalid';
}

/**
 * /Labs/PriceList/:ID? (issue 16): one lab's price per service in the clinic's currency, edited in place (Enter saves,
 * Escape cancels); a price can be removed (asked first). Without an id the page asks for the lab.
 */
export default function LabPriceListPage() {
  const { t } = useTranslation('labs');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const raw = Number(useParams().ID);
  const labId = Number.isInteger(raw) && raw > 0 ? raw : undefined;
  const labs = useLabChoices();
  const list = useLabPriceList(labId);
  const save = useSaveLabPrice();
  const remove = useDeleteLabPrice();
  const canWrite = useCan('lab_list');
  const [editing, setEditing] = useState<{ serviceId: number; text: string; problem: string | null } | null>(null);
  const currency = list.data?.currency ?? '';
  const decimals = currencyDecimals(currency);
  const language = currentLanguage();
  const serviceOf = (p: LabPriceItem) => nameIn(language, p.serviceNameAr, p.serviceNameEn, p.serviceNameFr);

  const commit = async () => {
    if (!editing || !labId) return;
    const problem = priceProblem(editing.text, currency);
    if (problem) return setEditing({ ...editing, problem });
    try {
      await save.mutateAsync({ labId, labServiceId: editing.serviceId, price: editing.text.trim() });
      notify.success(t('prices.saved'));
      setEditing(null);
    } catch (error) {
      const message = isApiError(error) ? (error.fieldErrors.price ?? error.message) : fieldErrorText('unexpected');
      setEditing({ ...editing, problem: null });
      notify.warning(message);
    }
  };

  const columns: TableColumnsType<LabPriceItem> = [
    { key: 'service', title: t('prices.service'), render: (_, p) => serviceOf(p) },
    {
      key: 'price',
      title: `${t('prices.price')}${currency ? ` (${currency})` : ''}`,
      render: (_, p) => {
        if (editing?.serviceId === p.labServiceId) {
          const label = t('prices.edit', { service: serviceOf(p) });
          return (
            <Flex vertical gap={4}>
              <Space.Compact>
                <Input
                  autoFocus
                  inputMode="decimal"
                  dir="ltr"
                  aria-label={label}
                  value={editing.text}
                  status={editing.problem ? 'error' : undefined}
                  onChange={(e) => setEditing({ ...editing, text: e.target.value, problem: null })}
                  onPressEnter={() => void commit()}
                  onKeyDown={(e) => e.key === 'Escape' && setEditing(null)}
                  style={{ width: 140 }}
                  data-testid="price-input"
                />
                <Button type="primary" icon={<CheckOutlined />} aria-label={tc('actions.save')} loading={save.isPending} onClick={() => void commit()} data-testid="price-save" />
                <Button icon={<CloseOutlined />} aria-label={tc('actions.cancel')} onClick={() => setEditing(null)} />
              </Space.Compact>
              <Typography.Text type={editing.problem ? 'danger' : 'secondary'} style={{ fontSize: 12 }} role={editing.problem ? 'alert' : undefined}>
                {editing.problem ? fieldErrorText(editing.problem) : t('prices.decimals', { currency, decimals })}
              </Typography.Text>
            </Flex>
          );
        }
        return p.price ? (
          <bdi data-testid="price-value">{formatMoneyText(p.price, currency)}</bdi>
        ) : (
          <Typography.Text type="secondary">{t('prices.noPrice')}</Typography.Text>
        );
      },
    },
    { key: 'updatedAt', title: t('prices.updatedAt'), responsive: ['md'], render: (_, p) => formatDate(p.updatedAt) || '—' },
    ...(canWrite
      ? [
          {
            key: 'actions',
            title: tc('crud.actions'),
            render: (_: unknown, p: LabPriceItem) =>
              editing?.serviceId === p.labServiceId ? null : (
                <Space size={0}>
                  <Button
                    type="text"
                    icon={<EditOutlined />}
                    aria-label={t('prices.edit', { service: serviceOf(p) })}
                    onClick={() => setEditing({ serviceId: p.labServiceId, text: p.price ?? '', problem: null })}
                    data-testid="price-edit"
                  />
                  {p.price && (
                    <Popconfirm
                      title={t('prices.clear', { service: serviceOf(p) })}
                      okText={tc('actions.delete')}
                      okButtonProps={{ danger: true }}
                      cancelText={tc('actions.cancel')}
                      onConfirm={() =>
                        remove
                          .mutateAsync({ labId: labId!, labServiceId: p.labServiceId })
                          .then(() => notify.success(t('prices.removed')))
                          .catch((e: unknown) => notify.warning(isApiError(e) ? e.message : fieldErrorText('unexpected')))
                      }
                    >
                      <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('prices.clear', { service: serviceOf(p) })} />
                    </Popconfirm>
                  )}
                </Space>
              ),
          },
        ]
      : []),
  ];

  const labOptions = (labs.data?.items ?? []).map((l) => ({ value: l.id, label: l.name }));
  if (labId && list.data && !labOptions.some((o) => o.value === labId)) labOptions.push({ value: labId, label: list.data.labName });

  return (
    <Card>
      <Flex justify="space-between" align="center" wrap gap="middle" style={{ marginBlockEnd: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {list.data ? t('prices.titleOf', { lab: list.data.labName }) : t('prices.title')}
        </Typography.Title>
        <Select<number>
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('prices.pickLab')}
          aria-label={t('prices.lab')}
          value={labId}
          onChange={(v) => {
            setEditing(null);
            navigate(`/Labs/PriceList/${v}`);
          }}
          options={labOptions}
          style={{ width: 260, maxWidth: '100%' }}
          data-testid="price-lab"
        />
      </Flex>
      {currency && <Typography.Paragraph type="secondary">{t('prices.decimals', { currency, decimals })}</Typography.Paragraph>}
      {!labId ? (
        <EmptyState description={labOptions.length ? t('prices.pickLab') : t('prices.noLabs')} />
      ) : list.isError ? (
        <EmptyState description={list.error?.message ?? tc('error.subtitle')}>
          <Button onClick={() => void list.refetch()}>{tc('actions.reload')}</Button>
        </EmptyState>
      ) : (
        <Table<LabPriceItem>
          rowKey="labServiceId"
          size="middle"
          columns={columns}
          dataSource={list.data?.items}
          loading={list.isFetching}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: list.isLoading ? ' ' : <EmptyState description={t('prices.empty')} /> }}
          data-testid="price-table"
        />
      )}
    </Card>
  );
}
