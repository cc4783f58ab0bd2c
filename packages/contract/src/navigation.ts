import { type AccessRule, type RoleCode, type Tier, roleSatisfiesRule, tierRank } from './enums.js';
import { LAB_USER_KEYS } from './labs/lab-status.js';
import { GROUP_TIER, PERMISSION_GROUP_OF, type PermissionGroup, type PermissionKey } from './permissions.js';

export type Layout = 'main' | 'auth' | 'full';
export const MENU_GROUPS = [
  'scheduler', 'dashboard', 'patients', 'users', 'stock', 'labs', 'insurance', 'financials', 'qrcodes',
  'settings', 'roles', 'reports', 'noPermission',
] as const;
export type MenuGroup = (typeof MENU_GROUPS)[number];

export interface RouteDef {
  /** react-router pattern with the spec's optional segments. */
  path: string;
  /** Translation key in the "routes" namespace; also the page title. */
  name: string;
  layout: Layout;
  rule: AccessRule;
  /** The permission key of the sidebar table; absent means the permission group alone decides. */
  permission?: PermissionKey;
  /** Permission group for menu visibility; 'none' is always visible to a logged-in user. */
  group: PermissionGroup | 'none';
  tier: Tier;
  menu?: MenuGroup;
  icon?: string;
  /** A page of the provider's console: needs the provider's (RL0) session, never a clinic user's. */
  provider?: boolean;
}

type R = Omit<RouteDef, 'tier' | 'layout' | 'group'> & { tier?: Tier; layout?: Layout; group?: RouteDef['group'] };
const route = (r: R): RouteDef => {
  const group = r.group ?? (r.permission ? PERMISSION_GROUP_OF[r.permission] : 'none');
  const tier = r.tier ?? (group === 'none' ? 'ST0' : GROUP_TIER[group]);
  return { layout: 'main', ...r, group, tier };
};

/** Every route of spec §2 with its access rule, permission, tier tag and menu place. */
export const ROUTES: readonly RouteDef[] = [
  // Scheduler
  route({ path: '/', name: 'Scheduler', rule: 'Anonymous', group: 'scheduler', menu: 'scheduler', icon: 'calendar' }),
  route({ path: '/Schedule', name: 'Schedule', rule: 'Anonymous', group: 'scheduler' }),
  route({ path: '/DailySummary', name: 'DailySummary', rule: 'Anonymous', group: 'scheduler', menu: 'scheduler', icon: 'profile' }),
  route({ path: '/TodayAppointments', name: 'TodayAppointments', layout: 'full', rule: 'Anonymous', permission: 'scheduler_waiting_screen', menu: 'scheduler', icon: 'desktop' }),
  route({ path: '/VacationsList', name: 'VacationsList', rule: 'Anonymous', permission: 'settings_vacation_list', menu: 'settings', icon: 'coffee' }),
  // Dashboard
  route({ path: '/Dashboard', name: 'Dashboard', rule: 'Anonymous', group: 'dashboard', menu: 'dashboard', icon: 'dashboard' }),
  route({ path: '/DailyAnalysis', name: 'DailyAnalysis', rule: 'Anonymous', permission: 'dashboard_daily_analysis', menu: 'dashboard', icon: 'lineChart' }),
  route({ path: '/UserAnalysis', name: 'UserAnalysis', rule: 'Anonymous', permission: 'dashboard_user_analysis', menu: 'dashboard', icon: 'barChart' }),
  // Support and own account
  route({ path: '/ContactUs', name: 'ContactUs', rule: 'Anonymous', tier: 'ST1', menu: 'noPermission', icon: 'mail' }),
  route({ path: '/Support', name: 'Support', rule: 'Anonymous' }),
  route({ path: '/FeaturesAndRequests', name: 'FeaturesAndRequests', rule: 'Anonymous', menu: 'noPermission', icon: 'bulb' }),
  route({ path: '/SaveSupportRequest/:ID?', name: 'SaveSupportRequest', rule: 'Anonymous' }),
  route({ path: '/RequestDetails/:ID?', name: 'RequestDetails', rule: 'Anonymous' }),
  route({ path: '/UserDetails/:ID?', name: 'UserDetails', rule: 'Anonymous', permission: 'user_edit' }),
  route({ path: '/UserPersonalDetails', name: 'UserPersonalDetails', rule: 'Anonymous' }),
  route({ path: '/Permissions/:ID?', name: 'Permissions', rule: 'Anonymous', permission: 'role_edit' }),
  route({ path: '/Roles', name: 'Roles', rule: 'Anonymous', group: 'role', menu: 'roles', icon: 'safety' }),
  // Patients
  route({ path: '/PatientsList', name: 'PatientsList', rule: 'Anonymous', permission: 'patient_list', menu: 'patients', icon: 'team' }),
  route({ path: '/NewPatientsList', name: 'NewPatientsList', rule: 'Anonymous', permission: 'patient_list_waiting_for_approve', tier: 'ST3', menu: 'patients', icon: 'userAdd' }),
  route({ path: '/AddPatient', name: 'AddPatient', rule: 'Anonymous', permission: 'patient_add', menu: 'patients', icon: 'plus' }),
  route({ path: '/EditPatient/:ID?', name: 'EditPatient', rule: 'Anonymous', permission: 'patient_edit' }),
  route({ path: '/PatientsProceduresList', name: 'PatientsProceduresList', rule: 'Anonymous', permission: 'patient_procedures', menu: 'patients', icon: 'medicine' }),
  route({ path: '/PatientsPaymentsList', name: 'PatientsPaymentsList', rule: 'Anonymous', permission: 'patient_remaining_payments', menu: 'patients', icon: 'wallet' }),
  route({ path: '/DuplicatedPatients', name: 'DuplicatedPatients', rule: 'Anonymous', permission: 'patient_duplicated_list', menu: 'patients', icon: 'copy' }),
  route({ path: '/PatientFeedback', name: 'PatientFeedback', rule: 'Secretariat', permission: 'patient_feedback_list', menu: 'patients', icon: 'smile' }),
  route({ path: '/PatientInsuranceApprovals/:ID?/:PID?/:MID?', name: 'PatientInsuranceApprovals', rule: 'Anonymous', permission: 'insurance_approvals_show' }),
  route({ path: '/Patient/:ID?/:N?/:AID?/:PID?', name: 'Patient', layout: 'full', rule: 'Anonymous', permission: 'patient_list' }),
  // Procedures and prescriptions
  route({ path: '/AddProcedure/:ID?', name: 'AddProcedure', rule: 'Anonymous', permission: 'patient_edit' }),
  route({ path: '/ProceduresList/:ID?/:TN?', name: 'ProceduresList', rule: 'Anonymous', permission: 'patient_procedures' }),
  route({ path: '/TreatmentDetails/:ID?', name: 'TreatmentDetails', rule: 'Anonymous', permission: 'patient_procedures' }),
  route({ path: '/PrescriptionDetails/:ID?', name: 'PrescriptionDetails', rule: 'Anonymous', permission: 'prescription_list' }),
  route({ path: '/Prescription/:ID?/:PID?/:PN?', name: 'Prescription', rule: 'Anonymous', permission: 'prescription_add', menu: 'patients', icon: 'fileAdd' }),
  route({ path: '/Invoice/:PID?', name: 'Invoice', rule: 'Anonymous', permission: 'patient_remaining_payments' }),
  // Users (branch manager)
  route({ path: '/UsersList', name: 'UsersList', rule: 'BranchManager', permission: 'user_list', menu: 'users', icon: 'user' }),
  route({ path: '/DoctorsPayments', name: 'DoctorsPayments', rule: 'BranchManager', permission: 'user_list_procedures_percentage', menu: 'users', icon: 'percentage' }),
  route({ path: '/register', name: 'Register', rule: 'BranchManager', permission: 'user_add', menu: 'users', icon: 'userAdd' }),
  route({ path: '/Clinic', name: 'Clinic', rule: 'BranchManager', permission: 'clinic_show', menu: 'settings', icon: 'home' }),
  route({ path: '/PriceList', name: 'PriceList', rule: 'BranchManager', permission: 'treatment_procedures_pricelist', menu: 'settings', icon: 'dollar' }),
  route({ path: '/InsuranceProceduresNames', name: 'InsuranceProceduresNames', rule: 'BranchManager', permission: 'insurance_procedures_names', menu: 'settings', icon: 'ordered' }),
  // Reports
  route({ path: '/reports', name: 'Reports', rule: 'BranchManager', permission: 'report_show' }),
  route({ path: '/DoctorProceduresRep', name: 'DoctorProceduresRep', rule: 'BranchManager', permission: 'report_show' }),
  route({ path: '/AppointmentsReport', name: 'AppointmentsReport', rule: 'BranchManager', permission: 'report_show' }),
  route({ path: '/TreatmentsCountReport', name: 'TreatmentsCountReport', rule: 'BranchManager', permission: 'report_treatment_count', menu: 'reports', icon: 'pieChart' }),
  route({ path: '/ProceduresCountReport', name: 'ProceduresCountReport', rule: 'BranchManager', permission: 'report_procedure_count', menu: 'reports', icon: 'pieChart' }),
  route({ path: '/TopTreatmentsReport', name: 'TopTreatmentsReport', rule: 'BranchManager', permission: 'report_top_treatment', menu: 'reports', icon: 'rise' }),
  route({ path: '/TopProceduresReport', name: 'TopProceduresReport', rule: 'BranchManager', permission: 'report_top_procedure', menu: 'reports', icon: 'rise' }),
  // Insurance (secretariat)
  route({ path: '/InsuranceCompaniesList', name: 'InsuranceCompaniesList', rule: 'Secretariat', permission: 'insurance_list', menu: 'insurance', icon: 'bank' }),
  route({ path: '/InsuranceClaimsList', name: 'InsuranceClaimsList', rule: 'Secretariat', permission: 'insurance_claims_list', menu: 'insurance', icon: 'fileDone' }),
  route({ path: '/AddInsuranceCompany/:ID?', name: 'AddInsuranceCompany', rule: 'Secretariat', permission: 'insurance_add', menu: 'insurance', icon: 'plus' }),
  route({ path: '/InsuranceCompaniesReports', name: 'InsuranceCompaniesReports', rule: 'Secretariat', permission: 'insurance_reports', menu: 'insurance', icon: 'fileSearch' }),
  route({ path: '/InsuranceCompaniesApprovals', name: 'InsuranceCompaniesApprovals', rule: 'Secretariat', permission: 'insurance_approvals_show', menu: 'insurance', icon: 'audit' }),
  route({ path: '/AddEditInsuranceClaim/:ID?', name: 'AddEditInsuranceClaim', rule: 'Secretariat', permission: 'insurance_claims_list' }),
  // Settings and lookups (secretariat)
  route({ path: '/TreatmentsList', name: 'TreatmentsList', rule: 'Secretariat', permission: 'treatment_list', menu: 'settings', icon: 'medicine' }),
  route({ path: '/Rooms', name: 'Rooms', rule: 'Secretariat', permission: 'room_list', menu: 'settings', icon: 'room' }),
  route({ path: '/QrCodes', name: 'QrCodes', rule: 'Secretariat', permission: 'patient_qrcodes_list', menu: 'qrcodes', icon: 'qrcode' }),
  route({ path: '/QrCodesSettings', name: 'QrCodesSettings', rule: 'Secretariat', permission: 'qrcodes_settings', menu: 'qrcodes', icon: 'setting' }),
  route({ path: '/ExpensesCategories', name: 'ExpensesCategories', rule: 'Secretariat', permission: 'financial_lookups', menu: 'settings', icon: 'tags' }),
  route({ path: '/TypesList', name: 'TypesList', rule: 'Secretariat', permission: 'financial_lookups', menu: 'settings', icon: 'tags' }),
  route({ path: '/AddEditType/:ID?', name: 'AddEditType', rule: 'Secretariat', permission: 'financial_lookups' }),
  route({ path: '/PrintSettings', name: 'PrintSettings', rule: 'Secretariat', permission: 'settings_print_list', menu: 'settings', icon: 'printer' }),
  route({ path: '/AddEditPrintSettings/:ID?', name: 'AddEditPrintSettings', rule: 'Secretariat', permission: 'settings_print_edit' }),
  route({ path: '/PatientReferences', name: 'PatientReferences', rule: 'Secretariat', permission: 'settings_clinic_lookups_delete', menu: 'settings', icon: 'share' }),
  route({ path: '/MedicalCategories', name: 'MedicalCategories', rule: 'Secretariat', permission: 'settings_clinic_lookups_delete', menu: 'settings', icon: 'folder' }),
  route({ path: '/MedicalQuestions', name: 'MedicalQuestions', rule: 'Secretariat', permission: 'settings_clinic_lookups_delete', menu: 'settings', icon: 'question' }),
  route({ path: '/Feedbacks', name: 'Feedbacks', rule: 'Secretariat', permission: 'settings_feedback_list', menu: 'settings', icon: 'like' }),
  route({ path: '/PatientFeedbackSettings', name: 'PatientFeedbackSettings', rule: 'Secretariat', permission: 'settings_feedback_list' }),
  route({ path: '/Payments', name: 'Payments', rule: 'Secretariat', permission: 'settings_payment_type_list', menu: 'settings', icon: 'creditCard' }),
  route({ path: '/Messages', name: 'Messages', rule: 'Secretariat', permission: 'settings_message_type_list', menu: 'settings', icon: 'message' }),
  route({ path: '/AddEditMessageType/:ID?', name: 'AddEditMessageType', rule: 'Secretariat', permission: 'settings_message_type_list' }),
  // project route (not in the spec): the SMS/WhatsApp outbox, under the message types' key
  route({ path: '/MessagesOutbox', name: 'MessagesOutbox', rule: 'Secretariat', permission: 'settings_message_type_list', menu: 'settings', icon: 'inbox' }),
  route({ path: '/PrescriptionTemplatesList', name: 'PrescriptionTemplatesList', rule: 'Secretariat', permission: 'prescription_template_list', menu: 'settings', icon: 'snippets' }),
  route({ path: '/PrescriptionTemplate/:ID?', name: 'PrescriptionTemplate', rule: 'Secretariat', permission: 'prescription_template_edit' }),
  // Stock (secretariat)
  route({ path: '/Stock', name: 'Stock', rule: 'Secretariat', permission: 'stock_list', menu: 'stock', icon: 'database' }),
  route({ path: '/StockOrders', name: 'StockOrders', rule: 'Secretariat', permission: 'stock_order_list', menu: 'stock', icon: 'shopping' }),
  route({ path: '/MaterialOrders', name: 'MaterialOrders', rule: 'Secretariat', permission: 'stock_usedMaterial_list', menu: 'stock', icon: 'export' }),
  route({ path: '/Materials', name: 'Materials', rule: 'Secretariat', permission: 'stock_material_list', menu: 'stock', icon: 'experiment' }),
  route({ path: '/CategoriesList', name: 'CategoriesList', rule: 'Secretariat', permission: 'stock_category_list', menu: 'stock', icon: 'appstore' }),
  route({ path: '/Suppliers', name: 'Suppliers', rule: 'Secretariat', permission: 'stock_supplier_list', menu: 'stock', icon: 'shop' }),
  route({ path: '/DamagedOrders', name: 'DamagedOrders', rule: 'Secretariat', permission: 'stock_order_list' }),
  // Labs (secretariat)
  route({ path: '/Labs', name: 'Labs', rule: 'Secretariat', permission: 'lab_list', menu: 'labs', icon: 'experiment' }),
  route({ path: '/Labs/PriceList/:ID?', name: 'LabPriceList', rule: 'Secretariat', permission: 'lab_list' }),
  route({ path: '/LabsOrders', name: 'LabsOrders', rule: 'Secretariat', permission: 'lab_orders_list', menu: 'labs', icon: 'inbox' }),
  route({ path: '/LabOrderDetails/:ID?/:LID?/:PID?/:TN?', name: 'LabOrderDetails', rule: 'Secretariat', permission: 'lab_orders_list' }),
  // A lab's own staff (issue 16; not a page of the spec): their lab's orders, where they move the status
  route({ path: '/LabMyOrders', name: 'LabMyOrders', rule: 'Anonymous', permission: 'lab_own_orders_list', menu: 'labs', icon: 'inbox' }),
  // Financials (accountant)
  route({ path: '/Financials/Completed', name: 'FinancialsCompleted', rule: 'Accountant', group: 'financial', menu: 'financials', icon: 'checkCircle' }),
  route({ path: '/Financials/Pending', name: 'FinancialsPending', rule: 'Accountant', group: 'financial', menu: 'financials', icon: 'clock' }),
  // Authentication layout
  route({ path: '/user/login/login', name: 'Login', layout: 'auth', rule: 'Anonymous' }),
  route({ path: '/user/forgetpassword/forgetpassword', name: 'ForgetPassword', layout: 'auth', rule: 'Anonymous' }),
  route({ path: '/user/ResetPasswordByAdmin', name: 'ResetPasswordByAdmin', layout: 'auth', rule: 'Anonymous' }),
  route({ path: '/user/ResetPasswordByUser/:ID?', name: 'ResetPasswordByUser', layout: 'auth', rule: 'Anonymous' }),
  route({ path: '/user/IdleSessionLogout', name: 'IdleSessionLogout', layout: 'auth', rule: 'Anonymous' }),
  route({ path: '/pages/Error404', name: 'Error404', layout: 'auth', rule: 'Anonymous' }),
  route({ path: '/pages/NotAuthorized', name: 'NotAuthorized', layout: 'auth', rule: 'Anonymous' }),
  route({ path: '/pages/LockScreen', name: 'LockScreen', layout: 'auth', rule: 'Anonymous' }),
  route({ path: '/pages/QrCode/:QID?/:type?/:mobile?', name: 'QrCodePublic', layout: 'full', rule: 'Anonymous' }),
  route({ path: '/book/:clinicName', name: 'BookAppointment', layout: 'full', rule: 'Anonymous' }),
  // a prescription's public link (issue 16): the patient opens it without logging in
  route({ path: '/rx/:token', name: 'PublicPrescription', layout: 'full', rule: 'Anonymous' }),
  // a visit's feedback link (issue 17): the patient answers without logging in
  route({ path: '/feedback/:token', name: 'PublicFeedback', layout: 'full', rule: 'Anonymous' }),
  // The provider's console (RL0 staff, AdminAccount/Login)
  route({ path: '/provider/login', name: 'ProviderLogin', layout: 'auth', rule: 'Anonymous' }),
  route({ path: '/provider/clinics', name: 'ProviderClinics', layout: 'full', rule: 'Anonymous', provider: true }),
  route({ path: '/provider/support', name: 'ProviderSupport', layout: 'full', rule: 'Anonymous', provider: true }),
];

/** Pages reachable without a stored user (spec §2 navigation guard). */
export const PUBLIC_PATHS = ['/user/login/login', '/user/forgetpassword/forgetpassword', '/user/ResetPasswordByAdmin',
  '/user/ResetPasswordByUser/:ID?', '/user/IdleSessionLogout', '/pages/Error404', '/pages/NotAuthorized',
  '/pages/QrCode/:QID?/:type?/:mobile?', '/provider/login', '/book/:clinicName',
  '/rx/:token', '/feedback/:token'] as const;

export const SUGGESTED_STARRED = ['/PatientsList', '/AddPatient', '/UsersList', '/register'] as const;

export interface RouteViewer {
  permissions: readonly string[];
  userRole: RoleCode;
  subscriptionType: Tier;
}

export type RouteState = 'open' | 'locked' | 'hidden';

const LAB_KEYS: readonly string[] = LAB_USER_KEYS;
/** A user of the built-in lab role (issue 16): every key they hold is a lab user's key. */
export const isLabViewer = (viewer: Pick<RouteViewer, 'permissions'>): boolean =>
  viewer.permissions.length > 0 && viewer.permissions.every((k) => LAB_KEYS.includes(k));
/** A page of a lab's own staff: gated by a lab user's key. */
export const isLabUserRoute = (route: RouteDef): boolean => !!route.permission && LAB_KEYS.includes(route.permission);
/** The clinic pages a lab user may still open besides their own orders (their profile: language, theme, password). */
const LAB_VIEWER_PAGES: readonly string[] = ['UserPersonalDetails'];

/** Whether the viewer's permissions (key or group) and role rule allow a route, ignoring the tier. */
export function isRoutePermitted(route: RouteDef, viewer: RouteViewer): boolean {
  if (route.layout === 'auth') return true;
  if (route.provider) return false; // the provider's console is never a clinic user's page
  // a lab user opens only the lab user's pages (the server refuses them every other call); clinic staff, the owner
  // with every key included, never open those (they are tied to one lab's login)
  if (isLabViewer(viewer)) {
    if (!isLabUserRoute(route) && !LAB_VIEWER_PAGES.includes(route.name)) return false;
  } else if (isLabUserRoute(route)) return false;
  if (!roleSatisfiesRule(viewer.userRole, route.rule)) return false;
  if (route.permission) return viewer.permissions.includes(route.permission);
  if (route.group === 'none') return true;
  return viewer.permissions.some((k) => (PERMISSION_GROUP_OF as Record<string, string>)[k] === route.group);
}

/** hidden: not allowed; locked: allowed but the clinic's tier is below the route's tag; open otherwise. */
export function routeState(route: RouteDef, viewer: RouteViewer): RouteState {
  if (!isRoutePermitted(route, viewer)) return 'hidden';
  return tierRank(viewer.subscriptionType) >= tierRank(route.tier) ? 'open' : 'locked';
}

/** The menu: routes with a menu group, in table order, that the viewer may see and that the app has built. */
export function menuFor(viewer: RouteViewer, built: (path: string) => boolean) {
  return MENU_GROUPS.map((group) => ({
    group,
    items: ROUTES.filter((r) => r.menu === group && built(r.path))
      .map((r) => ({ route: r, state: routeState(r, viewer) }))
      .filter((i) => i.state !== 'hidden'),
  })).filter((g) => g.items.length > 0);
}

export const routeByName = (name: string) => ROUTES.find((r) => r.name === name);
