import { MergeCellsOutlined } from '@ant-design/icons';
import { DUPLICATE_REASONS, type DuplicateGroup } from '@dental/contract';
import { Button, Card, Empty, Flex, List, Modal, Pagination, Radio, Select, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { useDuplicatedPatients, useMergePatients } from '../api';
import { PatientTypeTag } from '../components/patient-tags';
import { MobileText } from '../mobile';

/** One group of likely duplicates: choose the patient to keep, merge the others into it. */
function GroupCard({ group }: { group: DuplicateGroup }) {
  const { t } = useTranslation('patients');
  const { t: tc } = useTranslation();
  const [keepId, setKeepId] = useState(group.patients[0]!.id);
  const merge = useMergePatients();
  const kept = group.patients.find((p) => p.id === keepId)!;
  const others = group.patients.filter((p) => p.id !== keepId);
  const confirm = () =>
    Modal.confirm({
      title: t('duplicates.merge'),
      content: t('duplicates.mergeConfirm', { count: others.length, name: kept.name }),
      okText: t('duplicates.merge'),
      okButtonProps: { danger: true },
      cancelText: tc('actions.cancel'),
      onOk: () => merge.mutateAsync({ keepId, mergeIds: others.map((p) => p.id) }).then(() => notify.success(t('duplicates.merged'))),
    });
  return (
    <Card
      size="small"
      title={
        <Space>
          <Tag color="orange">{t(`duplicates.reason.${group.reason}`)}</Tag>
          <Typography.Text>{group.reason === 'mobile' ? <MobileText value={group.value} /> : group.value}</Typography.Text>
        </Space>
      }
      // under the list, not in the header: at 390 px the header's button covered the group's mobile (issue 18)
      actions={[
        <Button key="merge" danger icon={<MergeCellsOutlined />} onClick={confirm} loading={merge.isPending}>
          {t('duplicates.merge')}
        </Button>,
      ]}
      style={{ marginBlockEnd: 12 }}
    >
      <Radio.Group value={keepId} onChange={(e) => setKeepId(e.target.value)} style={{ width: '100%' }}>
        <List
          dataSource={group.patients}
          renderItem={(p) => (
            <List.Item>
              <Flex gap="middle" align="center" wrap style={{ width: '100%' }}>
                <Radio value={p.id}>{t('duplicates.keep')}</Radio>
                <Link to={`/Patient/${p.id}/1`}>{p.name}</Link>
                <Typography.Text type="secondary">#{p.code}</Typography.Text>
                <MobileText value={p.mobile} />
                {p.nationalId && <bdi dir="ltr">{p.nationalId}</bdi>}
                <PatientTypeTag type={p.patientType} />
                <Typography.Text type="secondary">{t('fields.createdAt')}: {formatDate(p.createdAt)}</Typography.Text>
              </Flex>
            </List.Item>
          )}
        />
      </Radio.Group>
    </Card>
  );
}

/** /DuplicatedPatients: likely duplicates by normalised name, mobile or national id, with a merge. */
export default function DuplicatedPatientsPage() {
  const { t } = useTranslation('patients');
  const { t: tc } = useTranslation();
  const [reason, setReason] = useState<DuplicateGroup['reason'] | undefined>();
  const [page, setPage] = useState(1);
  const groups = useDuplicatedPatients({ reason, page, pageSize: 10 });
  return (
    <Card>
      <Flex justify="space-between" align="center" wrap gap="middle" style={{ marginBlockEnd: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>{t('duplicates.title')}</Typography.Title>
        <Select
          allowClear
          placeholder={t('duplicates.allReasons')}
          aria-label={t('duplicates.allReasons')}
          style={{ width: 200 }}
          value={reason}
          onChange={(v) => { setReason(v); setPage(1); }}
          options={DUPLICATE_REASONS.map((r) => ({ value: r, label: t(`duplicates.reason.${r}`) }))}
        />
      </Flex>
      {groups.isLoading ? (
        <Skeleton active />
      ) : !groups.data?.items.length ? (
        <Empty description={t('duplicates.empty')} />
      ) : (
        <>
          {groups.data.items.map((g) => (
            <GroupCard key={`${g.reason}:${g.value}:${g.patients.map((p) => p.id).join(',')}`} group={g} />
          ))}
          <Pagination
            current={page}
            pageSize={10}
            total={groups.data.total}
            onChange={setPage}
            showTotal={(n) => tc('crud.total', { count: n })}
            style={{ textAlign: 'center' }}
          />
        </>
      )}
    </Card>
  );
}
