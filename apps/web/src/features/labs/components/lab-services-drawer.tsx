import { PlusOutlined } from '@ant-design/icons';
import { type LabItem, type LabServiceItem, type SaveLabServiceInput, saveLabServiceInput } from '@dental/contract';
import { Button, Drawer, Flex, Form, Input, List, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { RowActions } from '../../../components/list-page/row-actions';
import { isApiError } from '../../../lib/api';
import { handleFormError, zodField } from '../../../lib/form';
import { fieldErrorText } from '../../../lib/i18n';
import { nameIn } from '../../../lib/local-name';
import { currentLanguage } from '../../../lib/i18n';
import { notify } from '../../../lib/toast';
import { useMoney } from '../../payments/components/money';
import { useDeleteLabService, useLabServices, useSaveLabService } from '../api';

const fields = saveLabServiceInput.shape;

/** A lab's services (zirconia crown, night guard ...) with their price: add, rename, delete (asked first). */
export function LabServicesDrawer({ lab, canWrite, onClose }: { lab: LabItem | null; canWrite: boolean; onClose: () => void }) {
  const { t } = useTranslation('labs');
  const { t: tc } = useTranslation();
  const m = useMoney();
  const services = useLabServices(lab?.id);
  const save = useSaveLabService();
  const remove = useDeleteLabService();
  const [form] = Form.useForm<SaveLabServiceInput>();
  const [editing, setEditing] = useState<LabServiceItem | null | undefined>(undefined);

  const submit = async (values: SaveLabServiceInput) => {
    if (!lab) return;
    try {
      await save.mutateAsync({ ...values, labId: lab.id, id: editing?.id });
      notify.success(t('services.saved'));
      setEditing(undefined);
      form.resetFields();
    } catch (error) {
      handleFormError(form, error);
    }
  };
  const edit = (s: LabServiceItem | null) => {
    setEditing(s);
    form.setFieldsValue({ nameAr: s?.nameAr ?? '', nameEn: s?.nameEn ?? '', nameFr: s?.nameFr ?? '' });
  };

  const items = services.data?.items ?? [];
  return (
    <Drawer
      open={!!lab}
      onClose={() => {
        setEditing(undefined);
        onClose();
      }}
      title={lab ? t('services.title', { lab: lab.name }) : ''}
      size="default"
      destroyOnHidden
      data-testid="services-drawer"
    >
      {canWrite && editing === undefined && (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => edit(null)} style={{ marginBlockEnd: 16 }} data-testid="add-service">
          {t('services.add')}
        </Button>
      )}
      {canWrite && editing !== undefined && (
        <Form form={form} layout="vertical" onFinish={submit} disabled={save.isPending} data-testid="service-form">
          <Form.Item name="nameAr" label={t('services.nameAr')} {...zodField(fields.nameAr)}>
            <Input maxLength={150} dir="rtl" autoFocus />
          </Form.Item>
          <Form.Item name="nameEn" label={t('services.nameEn')} {...zodField(fields.nameEn)}>
            <Input maxLength={150} dir="ltr" />
          </Form.Item>
          <Form.Item name="nameFr" label={t('services.nameFr')} extra={t('services.nameFrHint')} {...zodField(fields.nameFr)}>
            <Input maxLength={150} dir="ltr" />
          </Form.Item>
          <Flex gap={8} style={{ marginBlockEnd: 16 }}>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {tc('actions.save')}
            </Button>
            <Button onClick={() => setEditing(undefined)}>{tc('actions.cancel')}</Button>
          </Flex>
        </Form>
      )}
      {services.isLoading ? (
        <Skeleton active />
      ) : items.length === 0 ? (
        <EmptyState compact description={t('services.empty')} />
      ) : (
        <List
          dataSource={items}
          renderItem={(s) => {
            const name = nameIn(currentLanguage(), s.nameAr, s.nameEn, s.nameFr);
            return (
              <List.Item
                actions={
                  canWrite
                    ? [
                        <RowActions
                          key="actions"
                          name={name}
                          onEdit={() => edit(s)}
                          onDelete={() =>
                            remove
                              .mutateAsync({ id: s.id })
                              .then(() => notify.success(tc('crud.deleted')))
                              .catch((e: unknown) => notify.warning(isApiError(e) ? e.message : fieldErrorText('unexpected')))
                          }
                        />,
                      ]
                    : undefined
                }
              >
                <List.Item.Meta
                  title={name}
                  description={
                    <Typography.Text type="secondary">
                      {s.price ? <bdi>{m.money(s.price)}</bdi> : t('prices.noPrice')}
                    </Typography.Text>
                  }
                />
              </List.Item>
            );
          }}
        />
      )}
    </Drawer>
  );
}
