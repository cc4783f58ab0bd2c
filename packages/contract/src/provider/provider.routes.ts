import { defineCall } from '../common/call.js';
import { listOutput, okOutput } from '../common/schemas.js';
import {
  providerClinicIdInput,
  providerClinicItem,
  providerClinicListInput,
  createClinicInput,
  createClinicOutput,
  setClinicActiveInput,
  setClinicSubscriptionInput,
} from './clinics.schemas.js';

/** Only the provider's staff (RL0, `AdminAccount/Login`) may make these calls; a clinic token is refused (401). */
const Provider = { provider: true } as const;

/**
 * The provider's console. GetClinics and DeleteClinic keep their spec names under `Lookups`; the calls the spec
 * does not name live under `Provider`.
 */
export const providerCalls = {
  getClinics: defineCall({
    controller: 'Lookups',
    action: 'GetClinics',
    method: 'GET',
    access: Provider,
    input: providerClinicListInput,
    output: listOutput(providerClinicItem),
    summary: 'Every clinic with its tier, active flag and branch and user counts: search by name, filter, sort, page',
  }),
  createClinic: defineCall({
    controller: 'Provider',
    action: 'CreateClinic',
    method: 'POST',
    access: Provider,
    status: 201,
    input: createClinicInput,
    output: createClinicOutput,
    summary: 'Create a clinic with its default roles, first branch and owner user',
  }),
  setClinicSubscription: defineCall({
    controller: 'Provider',
    action: 'SetClinicSubscription',
    method: 'POST',
    access: Provider,
    input: setClinicSubscriptionInput,
    output: okOutput,
    summary: "Set a clinic's subscription tier (ST0-ST3); its users' next request sees the new tier",
  }),
  setClinicActive: defineCall({
    controller: 'Provider',
    action: 'SetClinicActive',
    method: 'POST',
    access: Provider,
    input: setClinicActiveInput,
    output: okOutput,
    summary: "Activate or deactivate a clinic; a deactivated clinic's users are refused (account not active)",
  }),
  deleteClinic: defineCall({
    controller: 'Lookups',
    action: 'DeleteClinic',
    method: 'DELETE',
    access: Provider,
    input: providerClinicIdInput,
    output: okOutput,
    summary: 'Delete a clinic that has no branches left, with all its rows',
  }),
};
