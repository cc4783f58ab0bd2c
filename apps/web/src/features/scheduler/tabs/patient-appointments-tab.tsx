import type { PatientAppointmentItem } from '@dental/contract';
import { Button, Card, Flex, Pagination, Segmented, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { formatWallDate, formatWallTime, toClinicWall } from '../../../lib/clinic-time';
import { useSession } from '../../../lib/session';
import { usePatientHeader } from '../../patients/api';
import { usePatientAppointments } from '../api';
import { NewAppointmentButton } from '../components/new-appointment-button';
import { RoomDot } from '../components/room-dot';
import { StatusTag } from '../components/status-tag';
import { SendButtons } from '../../messages/components/send-buttons';

type When = 'upcoming' | 'past';
const PAGE_SIZE = 10;

/** One appointment: the clinic's date and time, doctor, room (with its colour), branch, status, notes. */
function AppointmentRow({
  item,
  timeZone,
  patientId,
  upcoming,
}: {
  item: PatientAppointmentItem;
  timeZone: string;
  patientId: number;
  upcoming: boolean;
}) {
  const { t } = useTranslation('scheduler');
  const start = toClinicWall(item.start, timeZone);
  const end = toClinicWall(item.end, timeZone);
  return (
    <Card size="small" className="patient-appointment" data-testid="patient-appointment" data-status={item.status}>
      <Flex justify="space-between" align="start" gap={8}>
        <Flex vertical gap={2} style={{ minWidth: 0, flex: 1 }}>
          {/* date and time each keep to one line (a narrow screen breaks between them, never inside a time) */}
          <Typography.Text strong>
            <bdi style={{ whiteSpace: 'nowrap' }}>{formatWallDate(start.date)}</bdi>
            {' · '}
            <bdi style={{ whiteSpace: 'nowrap' }}>
              {item.allDay ? t('allDay') : `${formatWallTime(start.time)} – ${formatWallTime(end.time)}`}
            </bdi>
          </Typography.Text>
          <Space size={4} wrap split={<Typography.Text type="secondary">·</Typography.Text>}>
            {item.doctorName && <bdi>{item.doctorName}</bdi>}
            {item.roomName && (
              <Space size={6} data-testid="room">
                <RoomDot color={item.roomColor} />
                <bdi>{item.roomName}</bdi>
              </Space>
            )}
            <Typography.Text type="secondary">
              <bdi>{item.branchName}</bdi>
            </Typography.Text>
            {item.seriesId != null && <Typography.Text type="secondary">{t('patientTab.series')}</Typography.Text>}
          </Space>
          {item.notes && (
            <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: 0 }}>
              {item.notes}
            </Typography.Paragraph>
          )}
          {upcoming && <SendButtons patientId={patientId} appointmentId={item.id} size="small" />}
        </Flex>
        <StatusTag status={item.status} />
      </Flex>
    </Card>
  );
}

/** Patient file, tab 7: the patient's upcoming (soonest first) and past (newest first) appointments, paged. */
export default function PatientAppointmentsTab({ patientId }: { patientId: number }) {
  const { t } = useTranslation('scheduler');
  const { t: tc } = useTranslation();
  const timeZone = useSession()?.user?.timeZone ?? 'UTC';
  const header = usePatientHeader(patientId);
  const [when, setWhen] = useState<When>('upcoming');
  const [page, setPage] = useState(1);
  const list = usePatientAppointments({ patientId, when, page, pageSize: PAGE_SIZE });
  const data = list.data;

  return (
    <Flex vertical gap={12} data-testid="patient-appointments-tab">
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Segmented<When>
          value={when}
          onChange={(v) => {
            setWhen(v);
            setPage(1);
          }}
          options={[
            { value: 'upcoming', label: t('patientTab.upcoming') },
            { value: 'past', label: t('patientTab.past') },
          ]}
        />
        {header.data && <NewAppointmentButton type="primary" patient={header.data} />}
      </Flex>
      {list.isError ? (
        <EmptyState description={tc('error.subtitle')}>
          <Button onClick={() => void list.refetch()}>{tc('actions.reload')}</Button>
        </EmptyState>
      ) : !data ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : data.items.length === 0 ? (
        <EmptyState compact description={t(when === 'upcoming' ? 'patientTab.noUpcoming' : 'patientTab.noPast')} />
      ) : (
        <>
          {data.items.map((item) => (
            <AppointmentRow
              key={item.id}
              item={item}
              timeZone={timeZone}
              patientId={patientId}
              upcoming={when === 'upcoming'}
            />
          ))}
          {data.total > PAGE_SIZE && (
            <Pagination
              align="center"
              size="small"
              current={data.page}
              pageSize={PAGE_SIZE}
              total={data.total}
              showSizeChanger={false}
              onChange={setPage}
            />
          )}
        </>
      )}
    </Flex>
  );
}
