import { printCalls } from '@dental/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../platform/calls.js';
import {
  deletePrintSettings,
  getDefaultPrintSettings,
  getPrintLetterhead,
  getPrintSettings,
  listPrintSettings,
  savePrintSettings,
} from './print.service.js';

export function registerPrintRoutes(app: FastifyInstance) {
  const c = printCalls;
  registerCall(app, c.getPrintSettingsList, ({ tx, session }, input) => listPrintSettings(tx, session, input.documentType));
  registerCall(app, c.getPrintSettings, ({ tx, session }, input) => getPrintSettings(tx, session, input.id));
  registerCall(app, c.getDefaultPrintTypeSettings, ({ tx, session }, input) => getDefaultPrintSettings(tx, session, input.documentType));
  registerCall(app, c.getPrintLetterhead, ({ tx, session }) => getPrintLetterhead(tx, session));
  registerCall(app, c.savePrintSettings, ({ tx, session }, input) => savePrintSettings(tx, session, input));
  registerCall(app, c.deletePrintSettings, ({ tx, session }, input) => deletePrintSettings(tx, session, input.id));
}
