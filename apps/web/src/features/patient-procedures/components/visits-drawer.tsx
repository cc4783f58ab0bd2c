import { DeleteOutlined } from '@ant-design/icons';
import type { PatientProcedureItem } from '@dental/contract';
import { Button, Drawer, Flex, Form, Input, List, Modal, Select, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { DayField } from '../../../components/day-field';
import { EmptyState } from '../../../components/empty-state';
import { ISO_DAY, formatDate } from '../../../lib/format';
import { handleFormError } from '../../../lib/form';
import { fieldErrorText } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { useBranchDoctors, useDeleteProcedureVisit, useProcedureVisits, useSaveProcedureVisit } from '../api';
import { reportProcedureError, useProcedureFormat } from './procedure-ui';

interface VisitValues {
  visitDate: string;
  doctorId?: number;
  notes?: string;
}

/** A procedure's visits (sittings): the list by date, a form to add one, deletion confirmed. */
export function VisitsDrawer({ item, canWrite, onClose }: { item: PatientProcedureItem | null; canWrite: boolean; onClose: () => void }) {
  const { t } = useTranslation('patient-procedures');
  const { t: tc } = useTranslation();
  const f = useProcedureFormat();
  const me = useSession()?.user.userId;
  const visits = useProcedureVisits(item?.id ?? null);
  const doctors = useBranchDoctors(item ? item.branchId : null);
  const save = useSaveProcedureVisit();
  const remove = useDeleteProcedureVisit();
  const [form] = Form.useForm<VisitValues>();
  const [modal, holder] = Modal.useModal();
  const doctorList = doctors.data?.doctors ?? [];
  const writable = canWrite && !!item && item.status !== 'S5';

  useEffect(() => {
    if (!item) return;
    form.resetFields();
    form.setFieldsValue({ visitDate: dayjs().format(ISO_DAY), doctorId: doctorList.some((d) => d.id === me) ? me : item.doctorId });
  }, [item?.id]);

  const add = async (values: VisitValues) => {
    if (!item) return;
    try {
      await save.mutateAsync({ patientProcedureId: item.id, visitDate: values.visitDate, doctorId: values.doctorId!, notes: values.notes?.trim() || undefined });
      notify.success(tc('crud.saved'));
      form.setFieldValue('notes', undefined);
    } catch (error) {
      handleFormError(form, error);
    }
  };

  return (
    <Drawer open={!!item} onClose={onClose} title={item ? t('visits.titleOf', { name: f.name(item) }) : ''} size="default" destroyOnHidden>
      {holder}
      <List
        loading={visits.isLoading}
        dataSource={visits.data?.items ?? []}
        locale={{ emptyText: <EmptyState compact description={t('visits.empty')} /> }}
        renderItem={(v) => (
          <List.Item
            data-testid="visit-row"
            actions={
              writable
                ? [
                    <Button
                      key="delete"
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={tc('actions.delete')}
                      onClick={() =>
                        void modal.confirm({
                          title: tc('crud.confirmDeleteTitle'),
                          content: tc('crud.confirmDelete', { name: t('visits.itemName', { date: formatDate(v.visitDate) }) }),
                          okText: tc('actions.delete'),
                          okButtonProps: { danger: true },
                          cancelText: tc('actions.cancel'),
                          onOk: async () => {
                            try {
                              await remove.mutateAsync({ id: v.id });
                              notify.success(tc('crud.deleted'));
                            } catch (error) {
                              reportProcedureError(error, visits.refetch);
                            }
                          },
                        })
                      }
                    />,
                  ]
                : []
            }
          >
            <List.Item.Meta
              title={
                <Flex gap={8} wrap>
                  <span>{formatDate(v.visitDate)}</span>
                  <Typography.Text type="secondary">{v.doctorName}</Typography.Text>
                </Flex>
              }
              description={v.notes}
            />
          </List.Item>
        )}
      />
      {writable && (
        <Form<VisitValues> form={form} layout="vertical" onFinish={(v) => void add(v)} style={{ marginBlockStart: 16 }}>
          <Typography.Title level={5}>{t('visits.add')}</Typography.Title>
          <DayField name="visitDate" label={t('visits.date')} rules={[{ required: true, message: fieldErrorText('field_required') }]} />
          <Form.Item name="doctorId" label={t('fields.doctor')} rules={[{ required: true, message: fieldErrorText('field_required') }]}>
            <Select<number> aria-label={t('fields.doctor')} options={doctorList.map((d) => ({ value: d.id, label: d.name }))} />
          </Form.Item>
          <Form.Item name="notes" label={t('fields.notes')}>
            <Input.TextArea rows={2} maxLength={2000} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('visits.add')}
          </Button>
        </Form>
      )}
    </Drawer>
  );
}
