import { z } from 'zod';
import { type CallAccess, defineCall } from '../common/call.js';
import { idInput, okOutput, savedOutput } from '../common/schemas.js';
import type { PermissionKey } from '../permissions.js';
import {
  deleteLabPriceInput,
  labOrderAttachmentsInput,
  labOrderAttachmentsOutput,
  saveLabOrderAttachmentsInput,
  labOrderDetails,
  labOrdersListInput,
  labOrdersListOutput,
  labPriceListInput,
  labPriceListOutput,
  labServicesInput,
  labServicesOutput,
  labUsersInput,
  labUsersOutput,
  labItem,
  labsListInput,
  labsListOutput,
  myLabOrderDetails,
  myLabOrdersInput,
  myLabOrdersOutput,
  overdueLabOrdersOutput,
  saveLabInput,
  saveLabOrderInput,
  saveLabOrderOutput,
  saveLabPriceInput,
  saveLabServiceInput,
  saveLabUserInput,
  updateLabOrderStatusInput,
  updateLabOrderStatusOutput,
  updateMyLabOrderStatusInput,
} from './labs.schemas.js';

type ClinicAccess = Extract<CallAccess, { permissions: readonly PermissionKey[] }>;

/*
 * The spec names no lab calls (issue 16): they are named here in its style, controller `Lab`. Labs are ST2 (spec
 * §6). /Labs and /LabsOrders carry the Secretariat rule (spec §2), so the clinic's lab calls carry it too.
 */
const tier = 'ST2' as const;
/** Labs, services and price lists (/Labs, /Labs/PriceList). */
const labs: ClinicAccess = { permissions: ['lab_list'], tier, rule: 'Secretariat' };
/** Reading labs and their services is also the order form's (/LabOrderDetails). */
const labsRead: ClinicAccess = { permissions: ['lab_list', 'lab_orders_list'], tier, rule: 'Secretariat' };
/** Lab orders (/LabsOrders, /LabOrderDetails). */
const orders: ClinicAccess = { permissions: ['lab_orders_list'], tier, rule: 'Secretariat' };
/** The dashboard's overdue badge: whoever sees the orders or the dashboard. */
const overdue: ClinicAccess = { permissions: ['lab_orders_list', 'dashboard_show'], tier };
/** Making a lab login is making a user: the users module's key and rule; reading them is the lab pages'. */
const labUsersWrite: ClinicAccess = { permissions: ['user_add'], tier, rule: 'BranchManager' };
const labUsersRead: ClinicAccess = { permissions: ['lab_list', 'user_list'], tier, rule: 'Secretariat' };
/** A lab user's own calls (the built-in lab role holds exactly these keys). */
const ownList: ClinicAccess = { permissions: ['lab_own_orders_list'], tier };
const ownStatus: ClinicAccess = { permissions: ['lab_own_order_status_update'], tier };

export const labsCalls = {
  getLabs: defineCall({
    controller: 'Lab', action: 'GetLabs', method: 'GET', access: labsRead,
    input: labsListInput, output: labsListOutput,
    summary: "The clinic's labs (search in name, contact, mobile, e-mail; active filter; sorting; paging)",
  }),
  getLab: defineCall({
    controller: 'Lab', action: 'GetLab', method: 'GET', access: labsRead,
    input: idInput, output: labItem,
    summary: 'One lab',
  }),
  saveLab: defineCall({
    controller: 'Lab', action: 'SaveLab', method: 'POST', access: labs,
    input: saveLabInput, output: savedOutput,
    summary: 'Create (no id) or update a lab; its name is unique in the clinic, ignoring case',
  }),
  deleteLab: defineCall({
    controller: 'Lab', action: 'DeleteLab', method: 'DELETE', access: labs,
    input: idInput, output: okOutput,
    summary: 'Delete a lab with no orders (with orders: 409 lab_has_orders, deactivate it instead); its services, prices and lab users\' links go with it',
  }),
  getLabServices: defineCall({
    controller: 'Lab', action: 'GetLabServices', method: 'GET', access: labsRead,
    input: labServicesInput, output: labServicesOutput,
    summary: "A lab's services with their prices",
  }),
  saveLabService: defineCall({
    controller: 'Lab', action: 'SaveLabService', method: 'POST', access: labs,
    input: saveLabServiceInput, output: savedOutput,
    summary: 'Create (no id) or rename a service of a lab; names unique within the lab',
  }),
  deleteLabService: defineCall({
    controller: 'Lab', action: 'DeleteLabService', method: 'DELETE', access: labs,
    input: idInput, output: okOutput,
    summary: 'Delete a service no order uses (409 cannot_delete_in_use otherwise); its price goes with it',
  }),
  getLabPriceList: defineCall({
    controller: 'Lab', action: 'GetLabPriceList', method: 'GET', access: labsRead,
    input: labPriceListInput, output: labPriceListOutput,
    summary: "A lab's price list: every service with its price (null: none) in the clinic's currency",
  }),
  saveLabPrice: defineCall({
    controller: 'Lab', action: 'SaveLabPrice', method: 'POST', access: labs,
    input: saveLabPriceInput, output: savedOutput,
    summary: "Set the price of one of a lab's services (one price per lab and service; the currency's decimals)",
  }),
  deleteLabPrice: defineCall({
    controller: 'Lab', action: 'DeleteLabPrice', method: 'DELETE', access: labs,
    input: deleteLabPriceInput, output: okOutput,
    summary: "Remove the price of one of a lab's services",
  }),
  getLabOrderAttachments: defineCall({
    controller: 'Lab', action: 'GetLabOrderAttachments', method: 'GET', access: orders,
    input: labOrderAttachmentsInput, output: labOrderAttachmentsOutput,
    summary: "A lab order's attachments (photos, scans, PDFs), newest first, with short-lived signed links",
  }),
  saveLabOrderAttachments: defineCall({
    controller: 'Lab', action: 'SaveLabOrderAttachments', method: 'POST', access: orders, multipart: true,
    input: saveLabOrderAttachmentsInput, output: labOrderAttachmentsOutput,
    summary:
      'Attach files to a lab order (multipart: labOrderId, comments, one or more `files`: jpg/jpeg/jfif, png, gif, svg ' +
      'checked by content, or PDF; MAX_UPLOAD_MB each, 10 at most)',
  }),
  deleteLabOrderAttachment: defineCall({
    controller: 'Lab', action: 'DeleteLabOrderAttachment', method: 'DELETE', access: orders,
    input: idInput, output: okOutput,
    summary: "Remove an attachment from a lab order (kept with who removed it and when; no longer listed)",
  }),
  getLabOrders: defineCall({
    controller: 'Lab', action: 'GetLabOrders', method: 'GET', access: orders,
    input: labOrdersListInput, output: labOrdersListOutput,
    summary: "The clinic's lab orders: filters (statuses, lab, patient, doctor, date range, overdue only), sorting, paging and totals",
  }),
  getLabOrder: defineCall({
    controller: 'Lab', action: 'GetLabOrder', method: 'GET', access: orders,
    input: idInput, output: labOrderDetails,
    summary: 'One lab order with its status history (who, when, from, to, note)',
  }),
  saveLabOrder: defineCall({
    controller: 'Lab', action: 'SaveLabOrder', method: 'POST', access: orders,
    input: saveLabOrderInput, output: saveLabOrderOutput,
    summary: "Create (status LOS1) or edit a new (LOS1) lab order; the price is the lab's price list's price of the service",
  }),
  updateLabOrderStatus: defineCall({
    controller: 'Lab', action: 'UpdateLabOrderStatus', method: 'POST', access: orders,
    input: updateLabOrderStatusInput, output: updateLabOrderStatusOutput,
    summary: 'Move a lab order one step of the transition table (LAB_ORDER_TRANSITIONS), recorded in its history',
  }),
  deleteLabOrder: defineCall({
    controller: 'Lab', action: 'DeleteLabOrder', method: 'DELETE', access: orders,
    input: idInput, output: okOutput,
    summary: 'Delete a new (LOS1) lab order; later ones are cancelled (LOS6) instead (409 lab_order_not_deletable)',
  }),
  getOverdueLabOrders: defineCall({
    controller: 'Lab', action: 'GetOverdueLabOrders', method: 'GET', access: overdue,
    input: z.object({}), output: overdueLabOrdersOutput,
    summary: "How many lab orders are past their expected delivery day (the clinic's zone) and not received, used or cancelled",
  }),
  saveLabUser: defineCall({
    controller: 'Lab', action: 'SaveLabUser', method: 'POST', access: labUsersWrite, status: 201,
    input: saveLabUserInput, output: savedOutput,
    summary: "Create a login for a lab's staff: a user of the clinic with the built-in lab role, linked to one lab",
  }),
  getLabUsers: defineCall({
    controller: 'Lab', action: 'GetLabUsers', method: 'GET', access: labUsersRead,
    input: labUsersInput, output: labUsersOutput,
    summary: "The lab users of the clinic (or of one lab)",
  }),
  getMyLabOrders: defineCall({
    controller: 'Lab', action: 'GetMyLabOrders', method: 'GET', access: ownList,
    input: myLabOrdersInput, output: myLabOrdersOutput,
    summary: "A lab user's own lab's orders (order fields and the patient's name and code only)",
  }),
  getMyLabOrder: defineCall({
    controller: 'Lab', action: 'GetMyLabOrder', method: 'GET', access: ownList,
    input: idInput, output: myLabOrderDetails,
    summary: "One order of the lab user's lab, with its history (404 for another lab's order)",
  }),
  getMyLabOrderAttachments: defineCall({
    controller: 'Lab', action: 'GetMyLabOrderAttachments', method: 'GET', access: ownList,
    input: labOrderAttachmentsInput, output: labOrderAttachmentsOutput,
    summary: "The attachments of an order of the lab user's lab (another lab's order: 404)",
  }),
  saveMyLabOrderAttachments: defineCall({
    controller: 'Lab', action: 'SaveMyLabOrderAttachments', method: 'POST', access: ownStatus, multipart: true,
    input: saveLabOrderAttachmentsInput, output: labOrderAttachmentsOutput,
    summary: "A lab user attaches files (photos, scans, PDFs) to an order of their lab, as SaveLabOrderAttachments",
  }),
  deleteMyLabOrderAttachment: defineCall({
    controller: 'Lab', action: 'DeleteMyLabOrderAttachment', method: 'DELETE', access: ownStatus,
    input: idInput, output: okOutput,
    summary: "A lab user removes an attachment they added to their lab's order (another's: 403 lab_attachment_not_own)",
  }),
  updateMyLabOrderStatus: defineCall({
    controller: 'Lab', action: 'UpdateMyLabOrderStatus', method: 'POST', access: ownStatus,
    input: updateMyLabOrderStatusInput, output: updateLabOrderStatusOutput,
    summary: "A lab user moves their lab's order LOS1→LOS2 or LOS4→LOS5, or marks it ready (in LOS2/LOS5)",
  }),
};
