import { z } from 'zod';
import { type CallAccess, defineCall } from '../common/call.js';
import { idInput, listOutput, okOutput, savedOutput } from '../common/schemas.js';
import type { PermissionKey } from '../permissions.js';
import {
  activeTreatmentBranchesOutput,
  copyProceduresInput,
  copyProceduresOutput,
  priceListItem,
  procedureItem,
  procedureListInput,
  proceduresByBranchInput,
  saveProcedureInput,
  savePriceListProcedureInput,
  saveTreatmentInput,
  treatmentBranchItem,
  treatmentBranchListInput,
} from './treatments.schemas.js';

type ClinicAccess = Extract<CallAccess, { permissions: readonly PermissionKey[] }>;

/** The catalogue is the /TreatmentsList settings page (Secretariat rule, spec §2). */
const catalogue = (...permissions: PermissionKey[]): ClinicAccess => ({ permissions, tier: 'ST0', rule: 'Secretariat' });
/** Price lists are the /PriceList page (BranchManager rule, spec §2). */
const priceList: ClinicAccess = { permissions: ['treatment_procedures_pricelist'], tier: 'ST0', rule: 'BranchManager' };
/** Any logged-in user of the clinic (pickers of other modules); the service narrows further where it says so. */
const anyUser: ClinicAccess = { permissions: [], tier: 'ST0' };

/**
 * Procedure: the treatment catalogue (treatment branches, procedures) and each clinic branch's price list.
 * A Save call creates when `id` is absent (needs the add key) and updates otherwise (needs the edit key).
 */
export const treatmentsCalls = {
  saveTreatment: defineCall({
    controller: 'Procedure',
    action: 'SaveTreatment',
    method: 'POST',
    access: catalogue('treatment_add', 'treatment_edit'),
    input: saveTreatmentInput,
    output: savedOutput,
    summary: 'Add a treatment branch (no id) or update one: names in ar, en (fr optional), order, active',
  }),
  deleteTreatmentBranch: defineCall({
    controller: 'Procedure',
    action: 'DeleteTreatmentBranch',
    method: 'DELETE',
    access: catalogue('treatment_delete'),
    input: idInput,
    output: okOutput,
    summary: 'Delete a treatment branch that has no procedures (else 409 treatment_branch_in_use)',
  }),
  getTreatmentBranch: defineCall({
    controller: 'Procedure',
    action: 'GetTreatmentBranch',
    method: 'GET',
    access: catalogue('treatment_list'),
    input: idInput,
    output: treatmentBranchItem,
    summary: 'One treatment branch with its procedure count',
  }),
  getTreatmentBranches: defineCall({
    controller: 'Procedure',
    action: 'GetTreatmentBranches',
    method: 'GET',
    access: catalogue('treatment_list', 'treatment_procedures_pricelist'),
    input: treatmentBranchListInput,
    output: listOutput(treatmentBranchItem),
    summary: "The clinic's treatment branches with their procedure counts: search by name, sort, page",
  }),
  getActiveTreatmentBranches: defineCall({
    controller: 'Procedure',
    action: 'GetActiveTreatmentBranches',
    method: 'GET',
    access: anyUser,
    input: z.object({}),
    output: activeTreatmentBranchesOutput,
    summary: 'The active treatment branches for a dropdown, in their order (any logged-in user)',
  }),
  saveProcedure: defineCall({
    controller: 'Procedure',
    action: 'SaveProcedure',
    method: 'POST',
    access: catalogue('treatment_add', 'treatment_edit'),
    input: saveProcedureInput,
    output: savedOutput,
    summary: 'Add a procedure to the catalogue (no id) or update one: names, ADA code, prices, tooth selection, active',
  }),
  deleteProcedure: defineCall({
    controller: 'Procedure',
    action: 'DeleteProcedure',
    method: 'DELETE',
    access: catalogue('treatment_delete'),
    input: idInput,
    output: okOutput,
    summary: "Delete a procedure no patient procedure uses (else 409 procedure_in_use: deactivate it), with its price list rows",
  }),
  getProcedures: defineCall({
    controller: 'Procedure',
    action: 'GetProcedures',
    method: 'GET',
    access: catalogue('treatment_list', 'treatment_procedures_pricelist'),
    input: procedureListInput,
    output: listOutput(procedureItem),
    summary: 'The catalogue: search by name or code, filter by treatment branch and active, sort, page',
  }),
  getProcedure: defineCall({
    controller: 'Procedure',
    action: 'GetProcedure',
    method: 'GET',
    access: catalogue('treatment_list'),
    input: idInput,
    output: procedureItem,
    summary: 'One procedure of the catalogue',
  }),
  getProceduresByBranch: defineCall({
    controller: 'Procedure',
    action: 'GetProceduresByBranch',
    method: 'GET',
    access: anyUser,
    input: proceduresByBranchInput,
    output: listOutput(priceListItem),
    summary:
      "A clinic branch's price list. activeOnly=true (the patient procedure picker): any user of that branch; " +
      'otherwise treatment_procedures_pricelist and the BranchManager rule',
  }),
  savePriceListProcedure: defineCall({
    controller: 'Procedure',
    action: 'SavePriceListProcedure',
    method: 'POST',
    access: priceList,
    input: savePriceListProcedureInput,
    output: savedOutput,
    summary: "Add a procedure to a clinic branch's price list or set its prices there (left out: the catalogue's)",
  }),
  deleteListPriceProcedure: defineCall({
    controller: 'Procedure',
    action: 'DeleteListPriceProcedure',
    method: 'DELETE',
    access: priceList,
    input: idInput,
    output: okOutput,
    summary: "Remove a procedure from a clinic branch's price list (the price list row id)",
  }),
  copyProceduresFromAnotherBranch: defineCall({
    controller: 'Procedure',
    action: 'CopyProceduresFromAnotherBranch',
    method: 'POST',
    access: priceList,
    input: copyProceduresInput,
    output: copyProceduresOutput,
    summary: "Copy into branchTo's price list what it lacks of branchFrom's, with branchFrom's prices; reports copied and skipped",
  }),
};
