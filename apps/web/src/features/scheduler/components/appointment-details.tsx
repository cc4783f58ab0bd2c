import { DeleteOutlined, EditOutlined, LoginOutlined, LogoutOutlined, NotificationOutlined } from '@ant-design/icons';
import {
  type AppointmentItem,
  type AppointmentStatus,
  APPOINTMENT_TRANSITIONS,
  CHECK_IN_STATUS,
  CHECK_OUT_STATUS,
  statusUpdateTargets,
} from '@dental/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Checkbox, Descriptions, Divider, Drawer, Flex, Space, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api';
import { useCan } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { useCallUser, useCheckIn, useCheckOut, useDeleteAppointment, useUpdateAppointmentStatus } from '../api';
import { canDeleteAppointment, canEditAppointment } from '../calendar-model';
import { formatClinicDateTime, formatWallDate, formatWallTime, toClinicWall } from '../../../lib/clinic-time';
import { FeedbackLinkButton } from '../../feedback/components/feedback-link-button';
import { AppointmentMessaging } from '../../messages/components/patient-messaging';
import { MobileText } from '../../patients/mobile';
import { RoomDot } from './room-dot';
import { StatusTag } from './status-tag';

interface AppointmentDetailsProps {
  appointment: AppointmentItem | null;
  timeZone: string;
  onEdit: (a: AppointmentItem) => void;
  onClose: () => void;
}

/**
 * One appointment: who, when, where, status and check-in/out, with the actions the user may take: edit, delete
 * (optionally with the following occurrences), the allowed next statuses, check in/out and calling the doctor.
 */
/** The patient is in the clinic and not yet seen out: the doctor may ask the front desk to send them in. */
const CALL_IN_STATUSES: readonly AppointmentStatus[] = ['AS3', 'AS5'];

export function AppointmentDetails({ appointment: a, timeZone, onEdit, onClose }: AppointmentDetailsProps) {
  const { t } = useTranslation('scheduler');
  const { t: tc } = useTranslation();
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const canUpdate = useCan('scheduler_update_appointment');
  const canDelete = useCan('scheduler_delete_appointment');
  const updateStatus = useUpdateAppointmentStatus();
  const checkIn = useCheckIn();
  const checkOut = useCheckOut();
  const remove = useDeleteAppointment();
  const callUser = useCallUser();
  const me = useSession()?.user.userId;
  const [busy, setBusy] = useState<string | null>(null);

  const act = async (key: string, run: () => Promise<unknown>, done: string) => {
    setBusy(key);
    try {
      await run();
      notify.success(done);
    } catch (error) {
      // the api client has shown the message; a stale appointment is read again
      if (error instanceof ApiError && error.code === 'appointment_changed')
        void queryClient.invalidateQueries({ queryKey: ['Cleander'] });
    } finally {
      setBusy(null);
    }
  };

  const confirmDelete = (item: AppointmentItem) => {
    let withFollowing = false;
    modal.confirm({
      title: t('details.deleteTitle'),
      content: (
        <Space direction="vertical">
          <span>{t('details.deleteText', { name: item.patientName })}</span>
          {item.seriesId != null && (
            <Checkbox onChange={(e) => (withFollowing = e.target.checked)}>{t('details.deleteFollowing')}</Checkbox>
          )}
        </Space>
      ),
      okText: tc('actions.delete'),
      okButtonProps: { danger: true },
      cancelText: tc('actions.cancel'),
      onOk: async () => {
        await remove.mutateAsync({ ids: [item.id], deleteWithRecurrence: withFollowing });
        notify.success(tc('crud.deleted'));
        onClose();
      },
    });
  };

  const body = (item: AppointmentItem) => {
    const next = statusUpdateTargets(item.status);
    const transitions = APPOINTMENT_TRANSITIONS[item.status];
    const period = item.allDay
      ? `${formatWallDate(toClinicWall(item.start, timeZone).date)} · ${t('fields.allDay')}`
      : `${formatClinicDateTime(item.start, timeZone)} – ${formatWallTime(toClinicWall(item.end, timeZone).time)}`;
    const rows: Array<[string, ReactNode]> = [
      [
        t('fields.patient'),
        <Link key="p" to={`/Patient/${item.patientId}`}>
          <bdi>{item.patientName}</bdi> <Typography.Text type="secondary">#{item.patientCode}</Typography.Text>
        </Link>,
      ],
      // in the clinic's national format, as the patients list shows it (issue 18)
      [t('fields.mobile'), <MobileText key="m" value={item.patientMobile} />],
      [t('fields.doctor'), item.doctorName ? <bdi key="d">{item.doctorName}</bdi> : '—'],
      [
        t('fields.room'),
        item.roomName ? (
          <Space size={6}>
            <RoomDot color={item.roomColor} />
            {item.roomName}
          </Space>
        ) : (
          '—'
        ),
      ],
      [t('fields.time'), <bdi key="t">{period}</bdi>],
      [t('fields.status'), <StatusTag key="s" status={item.status} />],
    ];
    if (item.notes)
      rows.push([
        t('fields.notes'),
        <Typography.Paragraph key="n" style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
          {item.notes}
        </Typography.Paragraph>,
      ]);
    const byWhom = (at: string, name: string | null) => (
      <Flex vertical>
        <bdi>{formatClinicDateTime(at, timeZone)}</bdi>
        {name && (
          <Typography.Text type="secondary">
            <bdi>{name}</bdi>
          </Typography.Text>
        )}
      </Flex>
    );
    if (item.checkInAt) rows.push([t('details.checkedIn'), byWhom(item.checkInAt, item.checkInByName)]);
    if (item.checkOutAt) rows.push([t('details.checkedOut'), byWhom(item.checkOutAt, item.checkOutByName)]);
    if (item.seriesId != null) rows.push([t('details.series'), t('details.seriesYes')]);
    if (item.source === 'website') rows.push([t('details.source'), t('details.website')]);

    const statusButton = (s: AppointmentStatus) => (
      <Button
        key={s}
        loading={busy === s}
        disabled={!!busy && busy !== s}
        onClick={() =>
          act(
            s,
            () => updateStatus.mutateAsync({ id: item.id, status: s, version: item.version }),
            t('details.statusChanged', { status: t(`status.${s}`) }),
          )
        }
      >
        {t(`status.${s}`)}
      </Button>
    );

    return (
      <>
        <Descriptions
          column={1}
          size="small"
          bordered
          items={rows.map(([label, children], i) => ({ key: i, label, children }))}
        />
        <AppointmentMessaging patientId={item.patientId} appointmentId={item.id} mobile={item.patientMobile} />
        {item.status === CHECK_OUT_STATUS && (
          <Flex justify="end" style={{ marginTop: 8 }}>
            <FeedbackLinkButton appointmentId={item.id} mobile={item.patientMobile} />
          </Flex>
        )}
        {canUpdate &&
          (next.length > 0 || transitions.includes(CHECK_IN_STATUS) || transitions.includes(CHECK_OUT_STATUS)) && (
            <>
              <Divider titlePlacement="start">{t('details.moveTo')}</Divider>
              <Flex gap="small" wrap>
                {transitions.includes(CHECK_IN_STATUS) && (
                  <Button
                    type="primary"
                    icon={<LoginOutlined />}
                    loading={busy === 'in'}
                    disabled={!!busy && busy !== 'in'}
                    onClick={() =>
                      act(
                        'in',
                        () => checkIn.mutateAsync({ id: item.id, version: item.version }),
                        t('details.checkedInDone'),
                      )
                    }
                  >
                    {t('details.checkIn')}
                  </Button>
                )}
                {transitions.includes(CHECK_OUT_STATUS) && (
                  <Button
                    type="primary"
                    icon={<LogoutOutlined />}
                    loading={busy === 'out'}
                    disabled={!!busy && busy !== 'out'}
                    onClick={() =>
                      act(
                        'out',
                        () => checkOut.mutateAsync({ id: item.id, version: item.version }),
                        t('details.checkedOutDone'),
                      )
                    }
                  >
                    {t('details.checkOut')}
                  </Button>
                )}
                {next.map(statusButton)}
              </Flex>
            </>
          )}
      </>
    );
  };

  const footer = a && (
    <Flex gap="small" wrap justify="space-between">
      <Space wrap>
        {canUpdate && canEditAppointment(a.status) && (
          <Button icon={<EditOutlined />} onClick={() => onEdit(a)}>
            {tc('actions.edit')}
          </Button>
        )}
        {canDelete && canDeleteAppointment(a.status) && (
          <Button danger icon={<DeleteOutlined />} onClick={() => confirmDelete(a)}>
            {tc('actions.delete')}
          </Button>
        )}
      </Space>
      {a.doctorId != null && a.doctorId === me && a.checkInBy != null && CALL_IN_STATUSES.includes(a.status) && (
        <Button
          icon={<NotificationOutlined />}
          loading={busy === 'call'}
          onClick={() =>
            act(
              'call',
              () => callUser.mutateAsync({ userId: a.checkInBy!, appointmentId: a.id }),
              t('details.patientCalled', { name: a.checkInByName ?? '' }),
            )
          }
        >
          {t('details.callPatient')}
        </Button>
      )}
      {a.doctorId != null && a.doctorId !== me && (
        <Button
          icon={<NotificationOutlined />}
          loading={busy === 'call'}
          onClick={() =>
            act(
              'call',
              () => callUser.mutateAsync({ userId: a.doctorId!, appointmentId: a.id }),
              t('details.doctorCalled', { name: a.doctorName ?? '' }),
            )
          }
        >
          {t('details.callDoctor')}
        </Button>
      )}
    </Flex>
  );

  return (
    <Drawer
      open={!!a}
      onClose={onClose}
      title={a ? a.patientName : ''}
      extra={a && <StatusTag status={a.status} />}
      size="default"
      footer={footer}
      className="appointment-details-drawer"
    >
      {a && body(a)}
    </Drawer>
  );
}
