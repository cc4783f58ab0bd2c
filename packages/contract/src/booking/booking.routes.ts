import { defineCall } from '../common/call.js';
import {
  bookInput, bookOutput, bookingClinicInput, bookingDaysInput, bookingDaysOutput, bookingInfoOutput, freeSlotsInput,
  freeSlotsOutput,
} from './booking.schemas.js';

const Public = { public: true } as const;

/**
 * The public booking page /book/<clinic name> (issue 5). The spec names no call for it: these are our names,
 * under our own controller 'Booking'. No login; an unknown or inactive clinic is 404 clinic_not_found.
 */
export const bookingCalls = {
  getBookingInfo: defineCall({
    controller: 'Booking', action: 'GetBookingInfo', method: 'GET', access: Public,
    input: bookingClinicInput, output: bookingInfoOutput,
    summary: "Our name: a clinic's public booking page: display name, logo, branches, booking type and window, whether booking is open",
  }),
  getBookingDays: defineCall({
    controller: 'Booking', action: 'GetBookingDays', method: 'GET', access: Public,
    input: bookingDaysInput, output: bookingDaysOutput,
    summary: 'Our name: the bookable days of a branch (clinic holidays closed, full days marked) with free slots or turns left',
  }),
  getFreeSlots: defineCall({
    controller: 'Booking', action: 'GetFreeSlots', method: 'GET', access: Public,
    input: freeSlotsInput, output: freeSlotsOutput,
    summary: "Our name: a branch's free booking times on a date ('time'), or the next turn number and turns left ('turn')",
  }),
  book: defineCall({
    controller: 'Booking', action: 'Book', method: 'POST', access: Public, status: 201,
    input: bookInput, output: bookOutput,
    summary:
      'Our name: book a time or a turn with name and mobile: a pending (AS0) website appointment and, for a new mobile, a patient waiting for approval (rate-limited)',
  }),
};
