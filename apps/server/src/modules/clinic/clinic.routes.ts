import { clinicCalls, saveClinicInput } from '@dental/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerCall } from '../../platform/calls.js';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { readMultipart } from '../../platform/files/multipart.js';
import { refuseNul } from '../../platform/input-text.js';
import { deleteBranch, listBranches, saveBranch } from './branches.service.js';
import { checkClinicName, getClinic, saveClinic } from './clinic.service.js';

/**
 * SaveClinic's multipart body: the part `data` (JSON) checked with the contract's schema, which throws field
 * messages as a 400, and the optional part `logo`.
 */
async function readClinicForm(req: FastifyRequest, deps: Deps) {
  const { fields, files } = await readMultipart(req, deps.config.MAX_UPLOAD_MB * 1024 * 1024);
  if (fields.data === undefined) throw new AppError('validation', { data: 'field_required' });
  let json: unknown;
  try {
    json = JSON.parse(fields.data);
  } catch {
    throw new AppError('validation', { data: 'field_invalid' });
  }
  refuseNul(json); // the JSON text holds "\u0000" escaped; parsed, it is a NUL PostgreSQL refuses
  return { input: saveClinicInput.parse(json), logo: files.logo };
}

export function registerClinicRoutes(app: FastifyInstance) {
  const c = clinicCalls;
  registerCall(app, c.getClinic, ({ tx, session }) => getClinic(tx, session.clinicId));
  registerCall(app, c.saveClinic, async ({ tx, session, req, deps }) => {
    const { input, logo } = await readClinicForm(req, deps);
    return saveClinic(tx, session, input, logo, deps.files);
  });
  registerCall(app, c.checkClinicName, ({ tx, session }, input) =>
    checkClinicName(tx, session.clinicId, input.clinicName),
  );

  registerCall(app, c.getBranchesByClinic, ({ tx, session }, input) => listBranches(tx, session.clinicId, input));
  registerCall(app, c.saveBranch, ({ tx, session }, input) => saveBranch(tx, session, input));
  registerCall(app, c.deleteBranch, ({ tx, session }, input) => deleteBranch(tx, session.clinicId, input.id));
}
