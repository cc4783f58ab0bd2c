import { labsCalls } from '@dental/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../platform/calls.js';
import {
  countOverdueLabOrders,
  deleteLabOrder,
  getLabOrder,
  saveLabOrder,
  updateLabOrderStatus,
  updateMyLabOrderStatus,
} from './lab-orders.service.js';
import { listLabOrders } from './lab-orders-list.service.js';
import {
  clinicViewer,
  deleteLabOrderAttachment,
  labViewer,
  listLabOrderAttachments,
  saveLabOrderAttachments,
} from './lab-attachments.service.js';
import { getMyLabOrder, listLabUsers, listMyLabOrders, myLab, saveLabUser } from './lab-users.service.js';
import {
  deleteLab,
  deleteLabPrice,
  deleteLabService,
  getLab,
  getLabPriceList,
  listLabServices,
  listLabs,
  saveLab,
  saveLabPrice,
  saveLabService,
} from './labs.service.js';

export function registerLabsRoutes(app: FastifyInstance) {
  const c = labsCalls;
  registerCall(app, c.getLabs, ({ tx, session }, input) => listLabs(tx, session.clinicId, input), { read: true });
  registerCall(app, c.getLab, ({ tx, session }, input) => getLab(tx, session.clinicId, input.id), { read: true });
  registerCall(app, c.saveLab, ({ tx, session }, input) => saveLab(tx, session.clinicId, input));
  registerCall(app, c.deleteLab, ({ tx, session }, input) => deleteLab(tx, session.clinicId, input.id));

  registerCall(app, c.getLabServices, ({ tx, session }, input) => listLabServices(tx, session, input.labId), { read: true });
  registerCall(app, c.saveLabService, ({ tx, session }, input) => saveLabService(tx, session.clinicId, input));
  registerCall(app, c.deleteLabService, ({ tx, session }, input) => deleteLabService(tx, session.clinicId, input.id));
  registerCall(app, c.getLabPriceList, ({ tx, session }, input) => getLabPriceList(tx, session, input.labId), { read: true });
  registerCall(app, c.saveLabPrice, ({ tx, session }, input) => saveLabPrice(tx, session, input));
  registerCall(app, c.deleteLabPrice, ({ tx, session }, input) => deleteLabPrice(tx, session.clinicId, input));

  registerCall(app, c.getLabOrders, ({ tx, session }, input) => listLabOrders(tx, session, input), { read: true });
  registerCall(app, c.getLabOrder, ({ tx, session }, input) => getLabOrder(tx, session, input.id), { read: true });
  registerCall(app, c.saveLabOrder, ({ tx, session }, input) => saveLabOrder(tx, session, input));
  registerCall(app, c.updateLabOrderStatus, ({ tx, session }, input) => updateLabOrderStatus(tx, session, input));
  registerCall(app, c.deleteLabOrder, ({ tx, session, deps }, input) => deleteLabOrder(tx, session, deps.files, input.id));
  registerCall(app, c.getOverdueLabOrders, ({ tx, session }) => countOverdueLabOrders(tx, session), { read: true });

  const secret = () => app.deps.config.TOKEN_SECRET;
  const fileDeps = (deps: typeof app.deps) => ({ files: deps.files, secret: secret(), maxUploadMb: deps.config.MAX_UPLOAD_MB });
  registerCall(app, c.getLabOrderAttachments, ({ tx, session }, input) =>
    listLabOrderAttachments(tx, clinicViewer(session), secret(), input.labOrderId),
  );
  registerCall(app, c.saveLabOrderAttachments, ({ tx, session, req, deps }) =>
    saveLabOrderAttachments(tx, clinicViewer(session), req, fileDeps(deps)),
  );
  registerCall(app, c.deleteLabOrderAttachment, ({ tx, session }, input) =>
    deleteLabOrderAttachment(tx, clinicViewer(session), input.id),
  );
  registerCall(app, c.getMyLabOrderAttachments, async ({ tx, session }, input) =>
    listLabOrderAttachments(tx, await labViewer(tx, session), secret(), input.labOrderId),
  );
  registerCall(app, c.saveMyLabOrderAttachments, async ({ tx, session, req, deps }) =>
    saveLabOrderAttachments(tx, await labViewer(tx, session), req, fileDeps(deps)),
  );
  registerCall(app, c.deleteMyLabOrderAttachment, async ({ tx, session }, input) =>
    deleteLabOrderAttachment(tx, await labViewer(tx, session), input.id),
  );

  registerCall(app, c.saveLabUser, ({ tx, session }, input) => saveLabUser(tx, session, input));
  registerCall(app, c.getLabUsers, ({ tx, session }, input) => listLabUsers(tx, session.clinicId, input.labId), { read: true });
  registerCall(app, c.getMyLabOrders, ({ tx, session }, input) => listMyLabOrders(tx, session, input), { read: true });
  registerCall(app, c.getMyLabOrder, ({ tx, session }, input) => getMyLabOrder(tx, session, input.id), { read: true });
  registerCall(app, c.updateMyLabOrderStatus, async ({ tx, session, deps }, input) =>
    updateMyLabOrderStatus(tx, session, (await myLab(tx, session)).id, input, deps),
  );
}
