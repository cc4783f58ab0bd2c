import { providerCalls } from '@dental/contract';
import type { FastifyInstance } from 'fastify';
import { registerProviderCall } from '../../platform/calls.js';
import { pushTo } from '../../platform/realtime/hub-events.js';
import { createClinic, deleteClinic, listClinics, setClinicActive, setClinicSubscription } from './clinics.service.js';

/** The provider's console: RL0 staff only (a clinic token is refused with 401 by registerProviderCall). */
export function registerProviderRoutes(app: FastifyInstance) {
  const c = providerCalls;
  registerProviderCall(app, c.getClinics, ({ db }, input) => listClinics(db, input));
  registerProviderCall(app, c.createClinic, ({ db }, input) => createClinic(db, input));
  registerProviderCall(app, c.setClinicSubscription, ({ db }, input) =>
    setClinicSubscription(db, input.clinicId, input.subscriptionType),
  );
  registerProviderCall(app, c.setClinicActive, async ({ db, deps }, input) => {
    const result = await setClinicActive(db, input.clinicId, input.isActive);
    // the clinic's open screens log out at once; their next request would be refused anyway
    if (!input.isActive) await pushTo(deps.hub, { clinicId: input.clinicId }, { controller: 'Logout' });
    return result;
  });
  registerProviderCall(app, c.deleteClinic, ({ db }, input) => deleteClinic(db, input.clinicId));
}
