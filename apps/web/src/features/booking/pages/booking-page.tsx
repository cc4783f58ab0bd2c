import { type BookResult, type FreeSlots, type GeoPoint, geoPoint } from '@dental/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Result, Select, Spin, Typography } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { isApiError } from 'lib/api';
import { applyServerErrors } from 'lib/form';
import { DEFAULT_DIAL } from 'lib/phone';
import { useBook, useBookingDays, useBookingInfo, useFreeSlots } from '../api';
import { errorText } from '../booking-format';
import { BookingDetailsForm, type DetailsValues } from '../components/booking-details-form';
import { BookingDone } from '../components/booking-done';
import { BookingHeader } from '../components/booking-header';
import { BookingLocation, isTooFar } from '../components/booking-location';
import { type BookingChoice, BookingSummary } from '../components/booking-summary';
import { DayPicker } from '../components/day-picker';
import { SlotPicker } from '../components/slot-picker';
import { TurnInfo } from '../components/turn-info';
import '../booking.css';

/** A numbered step of the page. */
function Step({ n, title, children, stepRef }: { n: number; title: string; children: ReactNode; stepRef?: React.Ref<HTMLDivElement> }) {
  return (
    <Card className="booking-step" ref={stepRef}>
      <Typography.Title level={2} className="booking-step-title">
        <span className="booking-step-number">{n}</span>
        {title}
      </Typography.Title>
      {children}
    </Card>
  );
}

/** Refusals after which what the page shows is stale: the days and times are read again. */
const STALE = new Set(['booking_slot_taken', 'booking_day_full', 'booking_day_unavailable', 'appointment_on_vacation', 'booking_time_invalid']);

/**
 * /book/<clinic name>[?branch=<id>]: the clinic's public booking page (no login). The patient chooses a branch and a day, a free
 * time (or gets the day's next turn), enters name and mobile and confirms; the booking waits for the clinic.
 */
export default function BookingPage() {
  const { clinicName = '' } = useParams();
  const [params] = useSearchParams();
  const { t } = useTranslation('booking');
  const queryClient = useQueryClient();
  const info = useBookingInfo(clinicName);
  const [branchId, setBranchId] = useState<number>();
  const [pages, setPages] = useState<Array<string | undefined>>([undefined]);
  const [date, setDate] = useState<string>();
  const [time, setTime] = useState<string>();
  const [result, setResult] = useState<BookResult>();
  const [error, setError] = useState<string>();
  const [location, setLocation] = useState<GeoPoint | null>(null);
  const [form] = Form.useForm<DetailsValues>();
  const book = useBook();
  const timeRef = useRef<HTMLDivElement>(null);
  const detailsRef = useRef<HTMLDivElement>(null);

  const data = info.data;
  const branch = data?.branches.find((b) => b.id === branchId);
  const days = useBookingDays(clinicName, branchId, pages.at(-1));
  const slots = useFreeSlots(clinicName, branchId, date);
  const byTime = data?.bookingType === 'time';
  // maximum attendance distance: asked only when the clinic sets one and the branch has a location
  const branchPoint = data?.maxDistance && branch ? geoPoint(branch.latitude, branch.longitude) : null;
  const tooFar = isTooFar(data?.maxDistance ?? 0, branchPoint, location);

  // a branch's own link (/book/<clinic>?branch=<id>) opens on that branch; otherwise the first (one needs no choice)
  useEffect(() => {
    if (!data || branchId !== undefined || !data.branches.length) return;
    const linked = data.branches.find((b) => String(b.id) === params.get('branch'));
    setBranchId((linked ?? data.branches[0]!).id);
  }, [data, branchId, params]);
  // the first open day is chosen for the patient (they may pick another)
  useEffect(() => {
    if (!date && days.data) setDate(days.data.items.find((d) => d.status === 'open')?.date);
  }, [date, days.data]);

  const reveal = (ref: React.RefObject<HTMLDivElement | null>) =>
    setTimeout(() => ref.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }), 50);
  const chooseBranch = (id: number) => {
    setBranchId(id);
    setPages([undefined]);
    setDate(undefined);
    setTime(undefined);
  };
  const chooseDay = (d: string) => {
    setDate(d);
    setTime(undefined);
    setError(undefined);
    reveal(timeRef);
  };
  const chooseTime = (value: string) => {
    setTime(value);
    setError(undefined);
    reveal(detailsRef);
  };

  const submit = async (values: DetailsValues) => {
    if (!branchId || !date) return;
    setError(undefined);
    try {
      setResult(
        await book.mutateAsync({ clinicName, branchId, date, time: byTime ? time : undefined, ...location, ...values }),
      );
      form.resetFields();
    } catch (e) {
      if (applyServerErrors(form, e)) return;
      setError(isApiError(e) && e.fieldErrors.time ? e.fieldErrors.time : errorText(e));
      if (isApiError(e) && STALE.has(e.code)) {
        setTime(undefined);
        await queryClient.invalidateQueries({ queryKey: ['Booking'] });
      }
    }
  };
  const again = () => {
    setResult(undefined);
    setTime(undefined);
    setDate(undefined);
    setError(undefined);
    void queryClient.invalidateQueries({ queryKey: ['Booking'] });
  };

  let body: ReactNode;
  if (info.isLoading) body = <Spin size="large" className="booking-spin" tip={t('loading')}><div /></Spin>;
  else if (info.error)
    body = isApiError(info.error) && info.error.code === 'clinic_not_found' ? (
      <Result status="404" title={errorText(info.error)} subTitle={t('unavailable.notFound')} />
    ) : isApiError(info.error) && info.error.code === 'booking_closed' ? (
      // the clinic's subscription has no online booking (BOOKING_TIER)
      <Result status="info" title={t('unavailable.closed')} />
    ) : (
      <Result
        status="warning"
        title={t('unavailable.failed')}
        subTitle={errorText(info.error)}
        extra={<Button onClick={() => void info.refetch()}>{t('unavailable.retry')}</Button>}
      />
    );
  else if (data && !data.isOpen) body = <Result status="info" title={t('unavailable.closed')} />;
  else if (data && result) {
    const choice: BookingChoice = {
      clinic: result.clinicDisplayName,
      branch: result.branch.name,
      date: result.date,
      ...(result.turnNumber == null ? { time: result.time } : { turnNumber: result.turnNumber, hours: { start: result.time, end: result.endTime } }),
    };
    body = (
      <Card className="booking-step">
        <BookingDone choice={choice} onAgain={again} />
      </Card>
    );
  } else if (data) {
    const turnDay: FreeSlots | undefined = slots.data;
    const ready = !!date && (byTime ? !!time : turnDay?.status === 'open' && turnDay.nextTurnNumber != null);
    const choice: BookingChoice | undefined =
      ready && branch && date
        ? {
            clinic: data.displayName,
            branch: branch.name,
            date,
            ...(byTime ? { time } : { turnNumber: turnDay?.nextTurnNumber, hours: { start: data.timeStart, end: data.timeEnd } }),
          }
        : undefined;
    const tomorrow = dayjs(data.today).add(1, 'day').format('YYYY-MM-DD');
    body = (
      <>
        <Step n={1} title={t('day.label')}>
          {data.branches.length > 1 && (
            <Form.Item label={t('branch.label')} layout="vertical" className="booking-branch">
              <Select
                size="large"
                value={branchId}
                onChange={chooseBranch}
                options={data.branches.map((b) => ({ value: b.id, label: b.name }))}
                aria-label={t('branch.label')}
              />
            </Form.Item>
          )}
          {branchPoint && (
            <BookingLocation
              maxDistance={data.maxDistance}
              branch={branchPoint}
              location={location}
              onLocation={setLocation}
            />
          )}
          {tooFar ? null : days.error ? (
            <Typography.Text type="danger">{errorText(days.error)}</Typography.Text>
          ) : (
            <DayPicker
              days={days.data?.items}
              loading={days.isFetching}
              bookingType={data.bookingType}
              today={data.today}
              tomorrow={tomorrow}
              selected={date}
              onSelect={chooseDay}
              onEarlier={pages.length > 1 ? () => setPages((p) => p.slice(0, -1)) : undefined}
              onLater={days.data?.nextFrom ? () => setPages((p) => [...p, days.data!.nextFrom!]) : undefined}
            />
          )}
        </Step>
        {date && !tooFar && (
          <Step n={2} title={byTime ? t('time.label') : t('time.turnTitle')} stepRef={timeRef}>
            {slots.error ? (
              <Typography.Text type="danger">{errorText(slots.error)}</Typography.Text>
            ) : byTime ? (
              <SlotPicker slots={slots.data?.slots} loading={slots.isFetching} selected={time} onSelect={chooseTime} />
            ) : (
              <TurnInfo day={turnDay} loading={slots.isFetching} timeStart={data.timeStart} timeEnd={data.timeEnd} />
            )}
          </Step>
        )}
        {choice && !tooFar && (
          <Step n={3} title={t('details.label')} stepRef={detailsRef}>
            <BookingSummary choice={choice} />
            <BookingDetailsForm
              form={form}
              defaultDial={DEFAULT_DIAL[data.countryId as keyof typeof DEFAULT_DIAL] ?? '20'}
              busy={book.isPending}
              error={error}
              onSubmit={(v) => void submit(v)}
            />
          </Step>
        )}
        {!choice && error && <Typography.Text type="danger">{error}</Typography.Text>}
      </>
    );
  }

  return (
    <div className="booking-page">
      <BookingHeader info={data} />
      <main className="booking-main">{body}</main>
    </div>
  );
}
