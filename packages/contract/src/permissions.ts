import type { ClinicRoleCode, Tier } from './enums.js';

/** Permission groups of spec §6; each is gated by the subscription tier below. */
export const PERMISSION_GROUPS = [
  'scheduler', 'dashboard', 'patient', 'prescription', 'user', 'stock', 'lab', 'insurance',
  'financial', 'settings', 'clinic', 'treatment', 'room', 'print', 'role', 'report', 'qrcode',
] as const;
export type PermissionGroup = (typeof PERMISSION_GROUPS)[number];

/** Spec §6 tier gating: the lowest tier that opens each group (and the ST3-only screen). */
export const GROUP_TIER: Record<PermissionGroup | 'contactUs' | 'NewPatientsList', Tier> = {
  scheduler: 'ST0', user: 'ST0', settings: 'ST0', clinic: 'ST0', treatment: 'ST0', room: 'ST0',
  patient: 'ST0', print: 'ST0',
  dashboard: 'ST1', prescription: 'ST1', financial: 'ST1', role: 'ST1', report: 'ST1', contactUs: 'ST1',
  stock: 'ST2', lab: 'ST2', insurance: 'ST2', qrcode: 'ST2',
  NewPatientsList: 'ST3',
};

const keys = <G extends PermissionGroup, K extends string>(group: G, list: readonly K[]) =>
  list.map((key) => ({ key, group }) as const);

/** Every permission key: the ones the spec names, plus add/edit/delete keys per module. */
export const PERMISSIONS = [
  ...keys('scheduler', [
    'scheduler_view_all', 'scheduler_view_mine', 'scheduler_add_appointment', 'scheduler_update_appointment',
    'scheduler_delete_appointment', 'scheduler_waiting_screen', 'scheduler_daily_summary',
  ]),
  ...keys('dashboard', ['dashboard_show', 'dashboard_daily_analysis', 'dashboard_user_analysis']),
  ...keys('patient', [
    'patient_list', 'patient_list_waiting_for_approve', 'patient_add', 'patient_edit', 'patient_delete',
    'patient_procedures', 'patient_remaining_payments', 'patient_duplicated_list', 'patient_feedback_list',
    'patient_apply_discount',
  ]),
  ...keys('prescription', [
    'prescription_list', 'prescription_add', 'prescription_delete', 'prescription_template_list',
    'prescription_template_add', 'prescription_template_edit', 'prescription_template_delete',
  ]),
  ...keys('user', ['user_list', 'user_add', 'user_edit', 'user_delete', 'user_list_procedures_percentage']),
  ...keys('stock', [
    'stock_list', 'stock_order_list', 'stock_usedMaterial_list', 'stock_material_list', 'stock_category_list',
    'stock_supplier_list',
  ]),
  ...keys('lab', ['lab_list', 'lab_orders_list', 'lab_own_orders_list', 'lab_own_order_status_update']),
  ...keys('insurance', [
    'insurance_list', 'insurance_add', 'insurance_edit', 'insurance_delete', 'insurance_claims_list',
    'insurance_reports', 'insurance_approvals_show', 'insurance_procedures_names',
  ]),
  ...keys('financial', ['financial_list', 'financial_add', 'financial_edit', 'financial_delete', 'financial_lookups']),
  ...keys('settings', [
    'settings_vacation_list', 'settings_feedback_list', 'settings_clinic_lookups_list',
    'settings_clinic_lookups_add', 'settings_clinic_lookups_edit', 'settings_clinic_lookups_delete',
    'settings_payment_type_list', 'settings_payment_type_add', 'settings_payment_type_edit',
    'settings_payment_type_delete', 'settings_message_type_list',
  ]),
  ...keys('clinic', ['clinic_show', 'clinic_edit', 'clinic_branch_edit']),
  ...keys('treatment', ['treatment_list', 'treatment_add', 'treatment_edit', 'treatment_delete', 'treatment_procedures_pricelist']),
  ...keys('room', ['room_list', 'room_add', 'room_edit', 'room_delete']),
  ...keys('print', ['settings_print_list', 'settings_print_edit']),
  ...keys('role', ['role_list', 'role_add', 'role_edit', 'role_delete']),
  ...keys('report', [
    'report_show', 'report_treatment_count', 'report_procedure_count', 'report_top_treatment', 'report_top_procedure',
  ]),
  ...keys('qrcode', ['patient_qrcodes_list', 'qrcodes_settings']),
] as const;

export type PermissionKey = (typeof PERMISSIONS)[number]['key'];
export const PERMISSION_KEYS: readonly PermissionKey[] = PERMISSIONS.map((p) => p.key);
export const PERMISSION_GROUP_OF: Record<PermissionKey, PermissionGroup> = Object.fromEntries(
  PERMISSIONS.map((p) => [p.key, p.group]),
) as Record<PermissionKey, PermissionGroup>;
export const isPermissionKey = (value: string): value is PermissionKey => value in PERMISSION_GROUP_OF;
/** i18n key of a permission's label (namespace "permissions"). */
export const permissionLabelKey = (key: PermissionKey) => `permissions:key.${key}`;

const all = PERMISSION_KEYS;
const without = (...groups: PermissionGroup[]) => all.filter((k) => !groups.includes(PERMISSION_GROUP_OF[k]));
const only = (...list: PermissionKey[]) => list;

/**
 * Default key sets of the seven clinic roles; a clinic may edit them or add custom roles. A role holds only keys it
 * can use: a key whose pages or calls carry a route rule (spec §2) that the role does not satisfy
 * (`ACCESS_RULE_ROLES` in enums.ts) is left out, e.g. the operator (RL3) and the assistant (RL5) get no
 * Secretariat settings, stock or lab pages, the accountant (RL6) works in the financials (Accountant rule), and
 * the administrative staff (RL7) no BranchManager page. Tested in navigation.test.ts and default-roles-access.int.test.ts.
 */
export const DEFAULT_ROLE_PERMISSIONS: Record<ClinicRoleCode, readonly PermissionKey[]> = {
  RL1: all,
  RL2: without('role'),
  RL3: only(
    'scheduler_view_mine', 'scheduler_add_appointment', 'scheduler_update_appointment', 'scheduler_daily_summary',
    'dashboard_show', 'patient_list', 'patient_add', 'patient_edit', 'patient_procedures', 'patient_apply_discount',
    'prescription_list', 'prescription_add', 'prescription_delete',
  ),
  RL4: only(
    'scheduler_view_all', 'scheduler_add_appointment', 'scheduler_update_appointment', 'scheduler_delete_appointment',
    'scheduler_waiting_screen', 'scheduler_daily_summary', 'patient_list', 'patient_list_waiting_for_approve',
    'patient_add', 'patient_edit', 'patient_remaining_payments', 'patient_duplicated_list', 'patient_feedback_list',
    'room_list', 'room_add', 'room_edit', 'room_delete', 'settings_vacation_list', 'settings_clinic_lookups_list',
    'settings_clinic_lookups_add', 'settings_clinic_lookups_edit', 'settings_clinic_lookups_delete',
    'settings_payment_type_list', 'settings_message_type_list', 'insurance_list', 'insurance_approvals_show',
    'lab_list', 'lab_orders_list', 'patient_qrcodes_list',
  ),
  RL5: only('scheduler_view_all', 'scheduler_waiting_screen', 'patient_list', 'patient_procedures'),
  RL6: only(
    'dashboard_show', 'financial_list', 'financial_add', 'financial_edit', 'financial_delete',
    'patient_list', 'patient_remaining_payments',
  ),
  RL7: only(
    'scheduler_view_all', 'patient_list', 'room_list', 'room_add', 'room_edit',
    'settings_vacation_list', 'settings_clinic_lookups_list', 'settings_clinic_lookups_add',
    'settings_clinic_lookups_edit', 'settings_payment_type_list', 'settings_print_list', 'settings_message_type_list',
    'treatment_list', 'stock_list', 'stock_supplier_list', 'stock_category_list',
  ),
};
