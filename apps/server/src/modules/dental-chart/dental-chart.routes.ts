import { dentalChartCalls } from '@dental/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../platform/calls.js';
import { getPatientTeeth, savePatientTeeth } from './teeth.service.js';
import { deleteToothCanals, getPatientTeethCanalsCount, getToothCanals, saveToothCanal } from './tooth-canals.service.js';
import { deleteToothNotes, getPatientTeethNotesCount, getToothNotes, saveToothNote } from './tooth-notes.service.js';

export function registerDentalChartRoutes(app: FastifyInstance) {
  const c = dentalChartCalls;
  registerCall(app, c.getPatientTeeth, ({ tx, session }, input) => getPatientTeeth(tx, session, input.patientId));
  registerCall(app, c.savePatientTeeth, ({ tx, session }, input) => savePatientTeeth(tx, session, input));

  registerCall(app, c.getToothNotes, ({ tx, session }, input) => getToothNotes(tx, session, input.patientId, input.tooth));
  registerCall(app, c.getPatientTeethNotesCount, ({ tx, session }, input) =>
    getPatientTeethNotesCount(tx, session, input.patientId),
  );
  registerCall(app, c.saveToothNote, ({ tx, session }, input) => saveToothNote(tx, session, input));
  registerCall(app, c.deleteToothNotes, ({ tx, session }, input) =>
    deleteToothNotes(tx, session, input.patientId, input.ids),
  );

  registerCall(app, c.getToothCanals, ({ tx, session }, input) => getToothCanals(tx, session, input.patientId, input.tooth));
  registerCall(app, c.getPatientTeethCanalsCount, ({ tx, session }, input) =>
    getPatientTeethCanalsCount(tx, session, input.patientId),
  );
  registerCall(app, c.saveToothCanal, ({ tx, session }, input) => saveToothCanal(tx, session, input));
  registerCall(app, c.deleteToothCanals, ({ tx, session }, input) =>
    deleteToothCanals(tx, session, input.patientId, input.ids),
  );
}
