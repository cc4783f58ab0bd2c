import { type PermissionKey, lookupsCalls, systemLookupItems } from '@dental/contract';
import type { FastifyInstance } from 'fastify';
import type { ClinicSession } from '../../platform/auth/session.js';
import { checkAccess, registerCall } from '../../platform/calls.js';
import { deleteClinicLookup, listClinicLookups, lookupOptions, saveClinicLookup } from './clinic-lookups.service.js';
import { deletePaymentType, listPaymentTypes, savePaymentType } from './payment-types.service.js';
import { deleteRoom, listRooms, saveRoom } from './rooms.service.js';

/** A Save call admits the add and the edit key; the one it needs depends on whether it creates or updates. */
const needs = (session: ClinicSession, key: PermissionKey) => checkAccess(session, { permissions: [key], tier: 'ST0' });

export function registerLookupsRoutes(app: FastifyInstance) {
  const c = lookupsCalls;
  registerCall(app, c.getLookups, async (_, input) => ({ items: systemLookupItems(input.groupName) }));

  registerCall(app, c.getRooms, ({ tx, session }, input) => listRooms(tx, session.clinicId, input));
  registerCall(app, c.saveRoom, async ({ tx, session }, input) => {
    needs(session, input.id ? 'room_edit' : 'room_add');
    return saveRoom(tx, session.clinicId, input);
  });
  registerCall(app, c.deleteRoom, ({ tx, session }, input) => deleteRoom(tx, session.clinicId, input.id));

  registerCall(app, c.getPaymentTypeList, ({ tx, session }, input) => listPaymentTypes(tx, session.clinicId, input));
  registerCall(app, c.savePaymentType, async ({ tx, session }, input) => {
    needs(session, input.id ? 'settings_payment_type_edit' : 'settings_payment_type_add');
    return savePaymentType(tx, session.clinicId, input);
  });
  registerCall(app, c.deletePaymentType, ({ tx, session }, input) => deletePaymentType(tx, session.clinicId, input.id));

  registerCall(app, c.getClinicLookups, ({ tx, session }, input) => listClinicLookups(tx, session.clinicId, input));
  registerCall(app, c.saveClinicLookup, async ({ tx, session }, input) => {
    needs(session, input.id ? 'settings_clinic_lookups_edit' : 'settings_clinic_lookups_add');
    return saveClinicLookup(tx, session.clinicId, input);
  });
  registerCall(app, c.deleteClinicLookup, ({ tx, session }, input) =>
    deleteClinicLookup(tx, session.clinicId, input.id),
  );
  registerCall(app, c.getRefrencesLookups, ({ tx, session }, input) =>
    lookupOptions(tx, session.clinicId, input.groupName),
  );
}
