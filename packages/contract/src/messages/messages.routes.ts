import { z } from 'zod';
import { type CallAccess, defineCall } from '../common/call.js';
import { okOutput } from '../common/schemas.js';
import { GROUP_TIER, type PermissionKey } from '../permissions.js';
import {
  dueMessagesInput,
  dueMessagesOutput,
  messageContentInput,
  messageContentOutput,
  messageTypeInput,
  messageTypeItem,
  messageTypesOutput,
  outboxInput,
  outboxOutput,
  patientMessagingInput,
  patientMessagingOutput,
  patientMessagingReadInput,
  popupMessageContentInput,
  popupMessageContentOutput,
  retryOutboxInput,
  saveMessageTypeInput,
  saveMessagesInput,
  saveMessagesOutput,
  sendSmsManualInput,
  sendSmsManualOutput,
  updateDefaultLangInput,
} from './messages.schemas.js';

type ClinicAccess = Extract<CallAccess, { permissions: readonly PermissionKey[] }>;

const tier = GROUP_TIER.settings;
/** /Messages and /AddEditMessageType carry the Secretariat rule and settings_message_type_list (spec §2). */
const templates: ClinicAccess = { permissions: ['settings_message_type_list'], tier, rule: 'Secretariat' };
/** Messaging a patient about an appointment or a birthday: whoever works the calendar or the patients list. */
const messaging: ClinicAccess = {
  permissions: ['scheduler_view_all', 'scheduler_add_appointment', 'scheduler_update_appointment', 'patient_list'],
  tier: GROUP_TIER.scheduler,
};
/** Sending an SMS now (SMS itself is refused on ST0 with sms_trial, spec §6). */
const sending: ClinicAccess = {
  permissions: ['scheduler_view_all', 'scheduler_add_appointment', 'scheduler_update_appointment'],
  tier: GROUP_TIER.scheduler,
};

/** Message templates, content, the popup stack and the outbox (docs/messaging.md). */
export const messagesCalls = {
  getMessageTypes: defineCall({
    controller: 'MessageType',
    action: 'GetMessageTypes',
    method: 'GET',
    access: templates,
    input: z.object({}),
    output: messageTypesOutput,
    summary: 'The five message types (MT1-MT5) of the clinic: saved templates, or the built-in ones',
  }),
  getMessageType: defineCall({
    controller: 'MessageType',
    action: 'GetMessageType',
    method: 'GET',
    access: templates,
    input: messageTypeInput,
    output: messageTypeItem,
    summary: 'One message type: SMS and WhatsApp texts per language, default language, auto-send, send hour, hour-before',
  }),
  saveMessageType: defineCall({
    controller: 'MessageType',
    action: 'SaveMessageType',
    method: 'POST',
    access: templates,
    input: saveMessageTypeInput,
    output: okOutput,
    summary: 'Save a message type; unknown placeholders are refused (400 message_placeholder_unknown)',
  }),
  updateDefaultLang: defineCall({
    controller: 'MessageType',
    action: 'UpdateDefaultLang',
    method: 'POST',
    access: templates,
    input: updateDefaultLangInput,
    output: okOutput,
    summary: 'Set the default language of one message type, or of all of them',
  }),
  getMessageTypeContent: defineCall({
    controller: 'MessageType',
    action: 'GetMessageContent',
    method: 'GET',
    access: messaging,
    input: messageContentInput,
    output: messageContentOutput,
    summary: "A type's template filled for an appointment or a patient, in the patient's SMS language; WhatsApp with its wa.me link",
  }),
  getMessageContent: defineCall({
    controller: 'Message',
    action: 'GetMessageContent',
    method: 'POST',
    access: messaging,
    input: popupMessageContentInput,
    output: popupMessageContentOutput,
    summary: 'A popup item’s message: SMS is queued and sent now, WhatsApp is recorded and its wa.me link returned',
  }),
  getDueMessages: defineCall({
    controller: 'Message',
    action: 'GetDueMessages',
    method: 'GET',
    access: messaging,
    input: dueMessagesInput,
    output: dueMessagesOutput,
    summary: "The popup stack: tomorrow's appointments and today's birthdays not yet messaged (when showMessagePopup is on)",
  }),
  getOutbox: defineCall({
    controller: 'Message',
    action: 'GetOutbox',
    method: 'GET',
    access: templates,
    input: outboxInput,
    output: outboxOutput,
    summary: 'Every message sent or to send, newest first, by status, channel, type, patient and days',
  }),
  retryOutboxMessage: defineCall({
    controller: 'Message',
    action: 'RetryOutboxMessage',
    method: 'POST',
    access: templates,
    input: retryOutboxInput,
    output: okOutput,
    summary: 'Queue a failed or skipped message again',
  }),
  getPatientMessaging: defineCall({
    controller: 'Message',
    action: 'GetPatientMessaging',
    method: 'GET',
    access: messaging,
    input: patientMessagingReadInput,
    output: patientMessagingOutput,
    summary: 'Whether a patient is marked not to be messaged',
  }),
  setPatientMessaging: defineCall({
    controller: 'Message',
    action: 'SetPatientMessaging',
    method: 'POST',
    access: { permissions: ['patient_edit'], tier: GROUP_TIER.patient },
    input: patientMessagingInput,
    output: patientMessagingOutput,
    summary: 'Mark a patient not to be messaged (jobs skip them, sending is refused) or to be messaged again',
  }),
  saveMessages: defineCall({
    controller: 'Lookups',
    action: 'SaveMessages',
    method: 'POST',
    access: messaging,
    input: saveMessagesInput,
    output: saveMessagesOutput,
    summary: 'Record popup items messaged outside the app (sent by hand) so the popup stops offering them',
  }),
  sendSmsManual: defineCall({
    controller: 'SMSMessage',
    action: 'SendSMSMessageManual',
    method: 'GET',
    access: sending,
    input: sendSmsManualInput,
    output: sendSmsManualOutput,
    summary: "Send an appointment's message by SMS now (reminder by default); 403 sms_trial on the free tier",
  }),
};
