import { patientFilesCalls } from '@dental/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../platform/calls.js';
import {
  deleteAttachments,
  listAttachments,
  saveAttachments,
  updateAttachment,
} from './attachments.service.js';
import { deleteNote, listNotes, saveNote } from './notes.service.js';

export function registerPatientFilesRoutes(app: FastifyInstance) {
  const c = patientFilesCalls;
  const secret = () => app.deps.config.TOKEN_SECRET;

  registerCall(app, c.getNotes, ({ tx, session }, input) => listNotes(tx, session, input.patientId));
  registerCall(app, c.saveNotes, ({ tx, session }, input) => saveNote(tx, session, input));
  registerCall(app, c.deleteNote, ({ tx, session }, input) => deleteNote(tx, session, input.id));

  registerCall(app, c.getAttachments, ({ tx, session }, input) =>
    listAttachments(tx, session, secret(), input.patientId),
  );
  registerCall(app, c.saveAttachments, ({ tx, session, req, deps }) =>
    saveAttachments(tx, session, req, { files: deps.files, secret: secret() }, deps.config.MAX_UPLOAD_MB),
  );
  registerCall(app, c.updateAttachmentProcedure, ({ tx, session }, input) =>
    updateAttachment(tx, session, secret(), input),
  );
  registerCall(app, c.deleteAttachments, ({ tx, session, deps }, input) =>
    deleteAttachments(tx, session, deps.files, input.ids),
  );
}
