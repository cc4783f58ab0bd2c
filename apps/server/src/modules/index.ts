import type { FastifyInstance } from 'fastify';
import { registerLookupsRoutes } from './lookups/index.js';
import { registerClinicRoutes } from './clinic/index.js';
import { registerProviderRoutes } from './provider/index.js';
import { registerSupportRoutes } from './support/index.js';
import { registerRolesRoutes } from './roles/index.js';
import { registerUsersRoutes } from './users/index.js';
import { registerInsuranceRoutes } from './insurance/index.js';
import { registerDentalChartRoutes } from './dental-chart/index.js';
import { registerPushRoutes } from '../platform/push/index.js';
import { registerPatientsRoutes } from './patients/index.js';
import { registerPatientFilesRoutes } from './patient-files/index.js';
import { registerMedicalRoutes } from './medical/index.js';
import { registerSchedulerRoutes } from './scheduler/index.js';
import { registerBookingRoutes } from './booking/index.js';
import { registerTreatmentsRoutes } from './treatments/index.js';
import { registerPatientProceduresRoutes } from './patient-procedures/index.js';
import { registerPaymentsRoutes } from './payments/index.js';
// billing: invoices and print settings (issue 15)
import { registerInvoicesRoutes } from './invoices/index.js';
import { registerPrintRoutes } from './print/index.js';
// printed documents as PDF (issue 15)
import { registerDocumentsRoutes } from './documents/index.js';
// prescriptions and prescription templates (issue 16)
import { registerPrescriptionsRoutes } from './prescriptions/index.js';

// labs, lab orders and lab users (issue 16)
import { registerLabsRoutes } from './labs/index.js';
// messages: templates, content, popup stack, outbox and its jobs (issue 17)
import { registerMessagesRoutes } from './messages/index.js';
// QR codes and patient feedback (issue 17)
import { registerFeedbackRoutes } from './feedback/index.js';
import { registerQrCodesRoutes } from './qrcodes/index.js';
// notifications: the bell's notification centre, notify() and the push job (issue 17)
import { registerNotificationsRoutes } from './notifications/index.js';
// the clinic's dashboard figures (issue 16's last item)
import { registerDashboardRoutes } from './dashboard/index.js';

/** Every domain module's route registration, in order. A new module adds one line here. */
export const modules: Array<(app: FastifyInstance) => void> = [
  registerLookupsRoutes,
  registerClinicRoutes,
  registerSupportRoutes,
  registerRolesRoutes,
  registerProviderRoutes,
  registerUsersRoutes,
  registerPushRoutes,
  registerPatientsRoutes,
  registerInsuranceRoutes,
  registerDentalChartRoutes,
  registerPatientFilesRoutes,
  registerMedicalRoutes,
  registerSchedulerRoutes,
  registerBookingRoutes,
  registerTreatmentsRoutes,
  registerPatientProceduresRoutes,
  registerPaymentsRoutes,
  registerInvoicesRoutes,
  registerPrintRoutes,
  registerDocumentsRoutes,
  registerPrescriptionsRoutes,
  registerLabsRoutes,
  registerMessagesRoutes,
  registerQrCodesRoutes,
  registerFeedbackRoutes,
  registerNotificationsRoutes,
  registerDashboardRoutes,
];
