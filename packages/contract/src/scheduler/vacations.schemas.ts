import { z } from 'zod';
import { listInput, optionalId, optionalText, requiredText } from '../common/schemas.js';
import { isoDate } from '../patients/patient.schemas.js';

/** A clinic holiday (no user) or a user's leave: whole days, inclusive, in the clinic's calendar. */
export const vacationItem = z.object({
  id: z.number(),
  userId: z.number().nullable(),
  userName: z.string().nullable(),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  notes: z.string().nullable(),
  createdAt: z.string(),
});

export const VACATION_SORT_FIELDS = ['startDate', 'name', 'createdAt'] as const;
/** The list page and the calendar: vacations touching [from, to]; `userId` one user's (clinic holidays included). */
export const getVacationsInput = listInput(VACATION_SORT_FIELDS).extend({
  from: isoDate.optional(),
  to: isoDate.optional(),
  userId: optionalId,
  /** 'clinic' only clinic holidays, 'users' only users' leave. */
  kind: z.enum(['all', 'clinic', 'users'], { error: 'field_invalid' }).default('all'),
});

export const saveVacationInput = z
  .object({
    id: optionalId,
    /** Absent or null: a clinic holiday. */
    userId: optionalId.nullable(),
    name: requiredText(150),
    startDate: isoDate,
    endDate: isoDate,
    notes: optionalText(500),
  })
  .superRefine((v, ctx) => {
    if (v.startDate && v.endDate && v.endDate < v.startDate)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'end_date_before_start' });
  });

export type VacationItem = z.infer<typeof vacationItem>;
export type GetVacationsInput = z.output<typeof getVacationsInput>;
export type SaveVacationInput = z.output<typeof saveVacationInput>;
