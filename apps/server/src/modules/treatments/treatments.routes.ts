import { type PermissionKey, treatmentsCalls } from '@dental/contract';
import type { FastifyInstance } from 'fastify';
import type { ClinicSession } from '../../platform/auth/session.js';
import { checkAccess, registerCall } from '../../platform/calls.js';
import {
  copyProceduresFromAnotherBranch,
  deletePriceListProcedure,
  listBranchProcedures,
  savePriceListProcedure,
} from './price-lists.service.js';
import { deleteProcedure, getProcedure, listProcedures, saveProcedure } from './procedures.service.js';
import {
  activeTreatmentBranches,
  deleteTreatmentBranch,
  getTreatmentBranch,
  listTreatmentBranches,
  saveTreatmentBranch,
} from './treatment-branches.service.js';

/** A Save call admits the add and the edit key; the one it needs depends on whether it creates or updates. */
const needs = (session: ClinicSession, key: PermissionKey) =>
  checkAccess(session, { permissions: [key], tier: 'ST0', rule: 'Secretariat' });

export function registerTreatmentsRoutes(app: FastifyInstance) {
  const c = treatmentsCalls;
  registerCall(app, c.saveTreatment, async ({ tx, session }, input) => {
    needs(session, input.id ? 'treatment_edit' : 'treatment_add');
    return saveTreatmentBranch(tx, session.clinicId, input);
  });
  registerCall(app, c.deleteTreatmentBranch, ({ tx, session }, input) => deleteTreatmentBranch(tx, session.clinicId, input.id));
  registerCall(app, c.getTreatmentBranch, ({ tx, session }, input) => getTreatmentBranch(tx, session.clinicId, input.id));
  registerCall(app, c.getTreatmentBranches, ({ tx, session }, input) => listTreatmentBranches(tx, session.clinicId, input));
  registerCall(app, c.getActiveTreatmentBranches, ({ tx, session }) => activeTreatmentBranches(tx, session.clinicId));

  registerCall(app, c.saveProcedure, async ({ tx, session }, input) => {
    needs(session, input.id ? 'treatment_edit' : 'treatment_add');
    return saveProcedure(tx, session, input);
  });
  registerCall(app, c.deleteProcedure, ({ tx, session }, input) => deleteProcedure(tx, session.clinicId, input.id));
  registerCall(app, c.getProcedures, ({ tx, session }, input) => listProcedures(tx, session, input));
  registerCall(app, c.getProcedure, ({ tx, session }, input) => getProcedure(tx, session, input.id));

  // The picker's list (activeOnly) is any user's of that branch; the whole list (with inactive procedures) is the
  // /PriceList page's: its key and rule.
  registerCall(app, c.getProceduresByBranch, async ({ tx, session }, input) => {
    if (!input.activeOnly) checkAccess(session, c.savePriceListProcedure.access as Parameters<typeof checkAccess>[1]);
    return listBranchProcedures(tx, session, input);
  });
  registerCall(app, c.savePriceListProcedure, ({ tx, session }, input) => savePriceListProcedure(tx, session, input));
  registerCall(app, c.deleteListPriceProcedure, ({ tx, session }, input) => deletePriceListProcedure(tx, session, input.id));
  registerCall(app, c.copyProceduresFromAnotherBranch, ({ tx, session }, input) =>
    copyProceduresFromAnotherBranch(tx, session, input),
  );
}
