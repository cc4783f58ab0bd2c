import { z } from 'zod';
import { ATTACHMENT_LIMITS, type UploadFile } from '../patient-files/attachments.schemas.js';
import { password } from '../auth/auth.schemas.js';
import { moneyAmount } from '../common/money.js';
import {
  SORT_ORDERS, calendarDate, email, id, listInput, listOutput, optionalFrenchName, optionalId, optionalText, requiredEnum, requiredText,
} from '../common/schemas.js';
import { toothNumber } from '../dental-chart/dental-chart.schemas.js';
import { COUNTRIES, LANGUAGES, LAB_ORDER_STATUSES, LIMITS } from '../enums.js';
import { mobile, userName } from '../users/users.schemas.js';
import { LAB_USER_ACTIONS, VITA_SHADES } from './lab-status.js';

/*
 * Labs, their services and price lists, lab orders with their status history, and lab users (issue 16;
 * docs/labs.md). Money travels as decimal text: a price a user enters is `moneyAmount` (checked against the clinic
 * currency's decimals on the server); answers carry it with the currency's decimals ("150.00", LYD "12.500").
 */

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
/** A yes/no filter in a query string: 'true'/'false' (or a JSON boolean). */
const flag = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v === '' ? undefined : v), z.boolean({ error: 'field_invalid' }).optional());
const moneyText = z.string();

// ---------------------------------------------------------------- labs

export const LAB_SORT_FIELDS = ['name', 'createdAt'] as const;
/** Lab/GetLabs: search in name, contact person, mobile and e-mail; `isActive` filters. */
export const labsListInput = listInput(LAB_SORT_FIELDS).extend({ isActive: flag });
export const labItem = z.object({
  id: z.number(),
  name: z.string(),
  contactPerson: z.string().nullable(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  notes: z.string().nullable(),
  isActive: z.boolean(),
  /** Orders of the lab (any status): a lab with orders cannot be deleted, only deactivated. */
  ordersCount: z.number(),
  createdAt: z.string(),
});
export const labsListOutput = listOutput(labItem);

/** Lab/SaveLab: creates when `id` is absent, else updates. The name is unique in the clinic, ignoring case. */
export const saveLabInput = z.object({
  id: optionalId,
  name: requiredText(150),
  contactPerson: optionalText(150),
  mobile: z.preprocess(blankToNull, mobile.optional().nullable()),
  email: z.preprocess(blankToNull, email.optional().nullable()),
  address: optionalText(300),
  notes: optionalText(1000),
  isActive: z.boolean({ error: 'field_invalid' }).default(true),
});

// ---------------------------------------------------------------- services and prices

/** Lab/GetLabServices: one lab's services, by Arabic name. */
export const labServicesInput = z.object({ labId: id });
export const labServiceItem = z.object({
  id: z.number(),
  labId: z.number(),
  nameAr: z.string(),
  nameEn: z.string(),
  /** Shown in French; null: the English name is shown. */
  nameFr: z.string().nullable(),
  /** The lab's price of the service, null when the price list has none. */
  price: moneyText.nullable(),
});
export const labServicesOutput = z.object({ items: z.array(labServiceItem) });
/** Lab/SaveLabService: a service of a lab (e.g. zirconia crown); names unique within the lab, ignoring case. */
export const saveLabServiceInput = z.object({
  id: optionalId,
  labId: id,
  nameAr: requiredText(150),
  nameEn: requiredText(150),
  nameFr: optionalFrenchName(150),
});

/** Lab/GetLabPriceList: the lab and, per service, its price (null: none yet). */
export const labPriceListInput = z.object({ labId: id });
export const labPriceItem = z.object({
  /** The price row, null when the service has no price yet. */
  id: z.number().nullable(),
  labServiceId: z.number(),
  serviceNameAr: z.string(),
  serviceNameEn: z.string(),
  serviceNameFr: z.string().nullable(),
  price: moneyText.nullable(),
  updatedAt: z.string().nullable(),
});
export const labPriceListOutput = z.object({
  labId: z.number(),
  labName: z.string(),
  currency: z.string(),
  items: z.array(labPriceItem),
});
/** Lab/SaveLabPrice: sets (creates or replaces) the price of one service of a lab. One price per lab and service. */
export const saveLabPriceInput = z.object({ labId: id, labServiceId: id, price: moneyAmount });
/** Lab/DeleteLabPrice: removes the price of one service of a lab. */
export const deleteLabPriceInput = z.object({ labId: id, labServiceId: id });

// ---------------------------------------------------------------- orders

const labOrderStatus = requiredEnum(LAB_ORDER_STATUSES);
/** One status or several (a query string repeats the key, or gives them separated by commas). */
const statusList = z.preprocess(
  (v) => (v === undefined || v === '' ? undefined : Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : v),
  z.array(labOrderStatus, { error: 'field_invalid' }).max(7, 'field_invalid').optional(),
);

export const LAB_ORDER_SORT_FIELDS = ['sendDate', 'expectedDeliveryDate', 'createdAt', 'status', 'patientName', 'labName'] as const;

/**
 * Lab/GetLabOrders: the clinic's lab orders. Filters: statuses, lab, patient, doctor (who ordered), a range of
 * `dateField` days, `overdueOnly`; search in the patient's name or code, the lab and the service. Patients of
 * branches the user does not work in are left out.
 */
export const labOrdersListInput = z.object({
  status: statusList,
  labId: optionalId,
  patientId: optionalId,
  doctorId: optionalId,
  dateField: z.enum(['sendDate', 'expectedDeliveryDate', 'createdAt'], { error: 'field_invalid' }).default('sendDate'),
  from: calendarDate.optional(),
  to: calendarDate.optional(),
  overdueOnly: flag,
  search: z.string().trim().max(100, 'field_too_long').optional(),
  sortField: z.enum(LAB_ORDER_SORT_FIELDS, { error: 'field_invalid' }).optional(),
  sortOrder: z.enum(SORT_ORDERS, { error: 'field_invalid' }).optional(),
  page: z.coerce.number().int('field_invalid').min(1, 'field_invalid').max(100000, 'field_invalid').default(1),
  pageSize: z.coerce.number().int('field_invalid').min(1, 'field_invalid').max(200, 'field_invalid').default(LIMITS.pageSize),
});

/** One lab order as lists show it (the clinic's list; the lab user's list has `myLabOrderItem`). */
export const labOrderItem = z.object({
  id: z.number(),
  /** Per-clinic order number (gapless). */
  orderNo: z.number(),
  status: z.enum(LAB_ORDER_STATUSES),
  patientId: z.number(),
  patientName: z.string(),
  patientCode: z.string(),
  patientProcedureId: z.number().nullable(),
  tooth: z.number().nullable(),
  labId: z.number(),
  labName: z.string(),
  labServiceId: z.number(),
  serviceNameAr: z.string(),
  serviceNameEn: z.string(),
  /** Null: shown in English in French. */
  serviceNameFr: z.string().nullable(),
  doctorId: z.number().nullable(),
  doctorName: z.string().nullable(),
  shapeType: z.string().nullable(),
  shade: z.enum(VITA_SHADES).nullable(),
  sendDate: z.string().nullable(),
  expectedDeliveryDate: z.string().nullable(),
  /** The lab's cost of the order (its price list's price when saved). */
  price: moneyText,
  /** Past its expected delivery day in the clinic's zone and not received, used or cancelled. */
  overdue: z.boolean(),
  /** When the lab marked its work ready (the current preparation); null otherwise. */
  readyAt: z.string().nullable(),
  version: z.number(),
  createdAt: z.string(),
});
export const labOrdersListOutput = z.object({
  items: z.array(labOrderItem),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** Over every order that matches the filter (not only the page). */
  totals: z.object({ count: z.number(), overdue: z.number(), price: moneyText }),
});

/** A step of an order's history: who moved it, when, from which status to which (null from: created). */
export const labOrderHistoryItem = z.object({
  id: z.number(),
  fromStatus: z.enum(LAB_ORDER_STATUSES).nullable(),
  toStatus: z.enum(LAB_ORDER_STATUSES),
  /** True for the lab's "ready" mark (the status stays). */
  ready: z.boolean(),
  note: z.string().nullable(),
  userId: z.number().nullable(),
  userName: z.string().nullable(),
  /** Whether the step was made by a lab user. */
  byLab: z.boolean(),
  createdAt: z.string(),
});

/** Lab/GetLabOrder: the order with every field and its status history (oldest first). */
export const labOrderDetails = labOrderItem.extend({
  neck: z.string().nullable(),
  body: z.string().nullable(),
  incisal: z.string().nullable(),
  notes: z.string().nullable(),
  currency: z.string(),
  history: z.array(labOrderHistoryItem),
});

/**
 * Lab/SaveLabOrder: creates (status LOS1) when `id` is absent, else edits an order that is still LOS1 (409
 * lab_order_not_editable otherwise). `patientProcedureId` is optional; with it, `tooth` must be one of the
 * procedure's teeth (400 lab_order_tooth_invalid), and the procedure must be the patient's. The lab must be active,
 * the service the lab's; the price is taken from the lab's price list (400 lab_price_missing when it has none).
 * `expectedDeliveryDate` is not before `sendDate`. `version` (optional) refuses an edit of a changed order.
 */
export const saveLabOrderInput = z
  .object({
    id: optionalId,
    version: z.number({ error: 'field_invalid' }).int('field_invalid').min(0, 'field_invalid').optional(),
    patientId: id,
    patientProcedureId: z.preprocess(blankToNull, optionalId.nullable()),
    tooth: z.preprocess(blankToNull, toothNumber.optional().nullable()),
    labId: id,
    labServiceId: id,
    /** Who ordered it (a doctor of the clinic); default the caller. */
    doctorId: optionalId,
    shapeType: optionalText(100),
    shade: z.preprocess(blankToNull, z.enum(VITA_SHADES, { error: 'field_invalid' }).optional().nullable()),
    neck: optionalText(100),
    body: optionalText(100),
    incisal: optionalText(100),
    sendDate: z.preprocess(blankToNull, calendarDate.optional().nullable()),
    expectedDeliveryDate: z.preprocess(blankToNull, calendarDate.optional().nullable()),
    notes: optionalText(2000),
  })
  .superRefine((v, ctx) => {
    if (v.sendDate && v.expectedDeliveryDate && v.expectedDeliveryDate < v.sendDate)
      ctx.addIssue({ code: 'custom', path: ['expectedDeliveryDate'], message: 'lab_order_delivery_before_send' });
  });
export const saveLabOrderOutput = z.object({ id: z.number(), orderNo: z.number(), version: z.number() });

/**
 * Lab/UpdateLabOrderStatus: one step of LAB_ORDER_TRANSITIONS under a row lock; a move the table forbids is 409
 * lab_order_transition_forbidden (naming both statuses), a stale `version` 409 lab_order_changed.
 */
export const updateLabOrderStatusInput = z.object({
  id,
  to: labOrderStatus,
  note: optionalText(500),
  version: z.number({ error: 'field_invalid' }).int('field_invalid').min(0, 'field_invalid').optional(),
});
export const updateLabOrderStatusOutput = z.object({ id: z.number(), status: z.enum(LAB_ORDER_STATUSES), version: z.number() });

/** Lab/GetOverdueLabOrders: how many of the clinic's orders are overdue (the dashboard's badge). */
export const overdueLabOrdersOutput = z.object({ count: z.number() });

// ---------------------------------------------------------------- attachments

/** Lab/SaveLabOrderAttachments (multipart): the order's id and one or more files (images or PDF) in `files`. */
export const saveLabOrderAttachmentsFields = z.object({ labOrderId: id, comments: optionalText(500) });
/** The fields above and one or more files (images by content, or PDF) in the repeated part `files`. */
export const saveLabOrderAttachmentsInput = saveLabOrderAttachmentsFields.extend({
  files: z.array(z.custom<UploadFile>()).min(1, 'field_required').max(ATTACHMENT_LIMITS.maxFiles, 'too_many_files'),
});
export const labOrderAttachmentsInput = z.object({ labOrderId: id });
export const labOrderAttachmentItem = z.object({
  id: z.number(),
  labOrderId: z.number(),
  attachmentType: z.enum(['image', 'pdf']),
  fileName: z.string(),
  size: z.number(),
  comments: z.string().nullable(),
  /** Whether the lab's user added it (else the clinic's staff), and who. */
  byLab: z.boolean(),
  authorName: z.string().nullable(),
  /** Whether the caller may remove it (the clinic: any; a lab user: the ones they added). */
  canDelete: z.boolean(),
  createdAt: z.string(),
  /** Short-lived signed links (read the list again before `urlsExpireAt`). */
  url: z.string(),
  thumbnailUrl: z.string().nullable(),
  urlsExpireAt: z.string(),
});
export const labOrderAttachmentsOutput = z.object({ items: z.array(labOrderAttachmentItem) });

// ---------------------------------------------------------------- lab users

/**
 * Lab/SaveLabUser: a login for a lab's staff, made by the users module's user creation with the clinic's built-in
 * lab role (LAB_ROLE_CODE) and linked to this one lab. Editing, deactivating and deleting it are the users module's.
 */
export const saveLabUserInput = z.object({
  labId: id,
  fullName: requiredText(100),
  userName,
  email,
  mobile,
  password,
  /** The user's home branch (the clinic's). */
  branchId: id,
  countryId: requiredEnum(COUNTRIES),
  language: requiredEnum(LANGUAGES).default('ar'),
});
export const labUsersInput = z.object({ labId: optionalId });
export const labUserItem = z.object({
  userId: z.number(),
  labId: z.number(),
  labName: z.string(),
  fullName: z.string(),
  userName: z.string(),
  email: z.string(),
  mobile: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export const labUsersOutput = z.object({ items: z.array(labUserItem) });

// ---------------------------------------------------------------- the lab user's own calls

/** Lab/GetMyLabOrders: the caller's lab's orders (no other patient data than the name and code). */
export const myLabOrdersInput = z.object({
  status: statusList,
  overdueOnly: flag,
  search: z.string().trim().max(100, 'field_too_long').optional(),
  page: z.coerce.number().int('field_invalid').min(1, 'field_invalid').max(100000, 'field_invalid').default(1),
  pageSize: z.coerce.number().int('field_invalid').min(1, 'field_invalid').max(200, 'field_invalid').default(LIMITS.pageSize),
});
/** What a lab sees of an order: the order's fields, the patient's name and code only. */
export const myLabOrderItem = z.object({
  id: z.number(),
  orderNo: z.number(),
  status: z.enum(LAB_ORDER_STATUSES),
  patientName: z.string(),
  patientCode: z.string(),
  tooth: z.number().nullable(),
  labServiceId: z.number(),
  serviceNameAr: z.string(),
  serviceNameEn: z.string(),
  /** Null: shown in English in French. */
  serviceNameFr: z.string().nullable(),
  doctorName: z.string().nullable(),
  shapeType: z.string().nullable(),
  shade: z.enum(VITA_SHADES).nullable(),
  neck: z.string().nullable(),
  body: z.string().nullable(),
  incisal: z.string().nullable(),
  sendDate: z.string().nullable(),
  expectedDeliveryDate: z.string().nullable(),
  price: moneyText,
  notes: z.string().nullable(),
  overdue: z.boolean(),
  readyAt: z.string().nullable(),
  version: z.number(),
});
export const myLabOrdersOutput = z.object({
  labId: z.number(),
  labName: z.string(),
  items: z.array(myLabOrderItem),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
/** Lab/GetMyLabOrder: one order of the caller's lab with its history (404 for another lab's order). */
export const myLabOrderDetails = myLabOrderItem.extend({ history: z.array(labOrderHistoryItem) });
/**
 * Lab/UpdateMyLabOrderStatus: LOS1 → LOS2 or LOS4 → LOS5 (LAB_USER_TRANSITIONS), or 'ready' in LOS2/LOS5; anything
 * else 409 lab_order_transition_forbidden. Another lab's order: 404.
 */
export const updateMyLabOrderStatusInput = z.object({
  id,
  to: requiredEnum(LAB_USER_ACTIONS),
  note: optionalText(500),
  version: z.number({ error: 'field_invalid' }).int('field_invalid').min(0, 'field_invalid').optional(),
});

export type LabsListInput = z.output<typeof labsListInput>;
export type LabItem = z.infer<typeof labItem>;
export type SaveLabInput = z.output<typeof saveLabInput>;
export type LabServiceItem = z.infer<typeof labServiceItem>;
export type SaveLabServiceInput = z.output<typeof saveLabServiceInput>;
export type LabPriceItem = z.infer<typeof labPriceItem>;
export type LabPriceList = z.infer<typeof labPriceListOutput>;
export type SaveLabPriceInput = z.output<typeof saveLabPriceInput>;
export type LabOrdersListInput = z.output<typeof labOrdersListInput>;
export type LabOrderSortField = (typeof LAB_ORDER_SORT_FIELDS)[number];
export type LabOrderItem = z.infer<typeof labOrderItem>;
export type LabOrderHistoryItem = z.infer<typeof labOrderHistoryItem>;
export type LabOrderDetails = z.infer<typeof labOrderDetails>;
export type SaveLabOrderInput = z.output<typeof saveLabOrderInput>;
export type UpdateLabOrderStatusInput = z.output<typeof updateLabOrderStatusInput>;
export type LabOrderAttachmentItem = z.infer<typeof labOrderAttachmentItem>;
export type SaveLabUserInput = z.output<typeof saveLabUserInput>;
export type LabUserItem = z.infer<typeof labUserItem>;
export type MyLabOrdersInput = z.output<typeof myLabOrdersInput>;
export type MyLabOrderItem = z.infer<typeof myLabOrderItem>;
export type MyLabOrderDetails = z.infer<typeof myLabOrderDetails>;
export type UpdateMyLabOrderStatusInput = z.output<typeof updateMyLabOrderStatusInput>;
