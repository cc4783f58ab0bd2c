/** Codes of the spec (§4, §9). Labels live in the web app's translations. */
export const ROLE_CODES = ['RL0', 'RL1', 'RL2', 'RL3', 'RL4', 'RL5', 'RL6', 'RL7'] as const;
export type RoleCode = (typeof ROLE_CODES)[number];
/** Roles a clinic's own users can hold (RL0 is the provider's staff). */
export const CLINIC_ROLE_CODES = ['RL1', 'RL2', 'RL3', 'RL4', 'RL5', 'RL6', 'RL7'] as const;
export type ClinicRoleCode = (typeof CLINIC_ROLE_CODES)[number];

export const TIERS = ['ST0', 'ST1', 'ST2', 'ST3'] as const;
export type Tier = (typeof TIERS)[number];
export const tierRank = (tier: Tier): number => TIERS.indexOf(tier);

export const LANGUAGES = ['ar', 'en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'ar';
export const isRtl = (lang: Language) => lang === 'ar';

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

export const TOOTH_NUMBERING = ['FDI', 'Palmer'] as const;
export type ToothNumbering = (typeof TOOTH_NUMBERING)[number];

/**
 * CN1 Yemen, CN2 Saudi Arabia, CN3 Egypt. The spec ties CN2 to 10-digit national ids (Saudi) and guards CN1 and CN2
 * devices to UTC+3, which is Yemen's and Saudi Arabia's offset, not Egypt's (UTC+2).
 */
export const COUNTRIES = ['CN1', 'CN2', 'CN3'] as const;
/** Countries whose devices must be on UTC+3 (spec §2 time-zone block). */
export const UTC3_COUNTRIES: readonly Country[] = ['CN1', 'CN2'];
export type Country = (typeof COUNTRIES)[number];
export const CURRENCIES = ['EGP', 'SAR', 'LYD', 'EUR', 'USD', 'GBP'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const APPOINTMENT_STATUSES = ['AS0', 'AS1', 'AS2', 'AS3', 'AS4', 'AS5', 'AS6', 'AS7', 'AS8', 'AS9', 'AS10'] as const;
export const PROCEDURE_STATUSES = ['S1', 'S2', 'S3', 'S4', 'S5'] as const;
export const REQUEST_STATUSES = ['RS1', 'RS2', 'RS3', 'RS4'] as const;
export const TRANSACTION_STATUSES = ['PS1', 'PS2'] as const;
export const LAB_ORDER_STATUSES = ['LOS1', 'LOS2', 'LOS3', 'LOS4', 'LOS5', 'LOS6', 'LOS7'] as const;
export const MARITAL_STATUSES = ['MS1', 'MS2', 'MS3', 'MS4'] as const;
export const PATIENT_TYPES = ['PT1', 'PT2', 'PT3'] as const;
export const LEDGER_TYPES = ['LT1', 'LT2'] as const;
export const ORDER_TYPES = ['MO1', 'MO2', 'MO3'] as const;
export const MESSAGE_TYPES = ['MT1', 'MT2', 'MT3', 'MT4', 'MT5'] as const;

/** Route access rules of spec §2. */
export const ACCESS_RULES = ['Anonymous', 'BranchManager', 'Secretariat', 'Accountant'] as const;
export type AccessRule = (typeof ACCESS_RULES)[number];

/** Which role codes satisfy each access rule; custom roles carry a base role code. */
export const ACCESS_RULE_ROLES: Record<AccessRule, readonly RoleCode[] | 'all'> = {
  Anonymous: 'all',
  BranchManager: ['RL0', 'RL1', 'RL2'],
  Secretariat: ['RL0', 'RL1', 'RL2', 'RL4', 'RL7'],
  Accountant: ['RL0', 'RL1', 'RL2', 'RL6'],
};

export function roleSatisfiesRule(role: RoleCode, rule: AccessRule): boolean {
  const allowed = ACCESS_RULE_ROLES[rule];
  return allowed === 'all' || allowed.includes(role);
}

/** Spec §9 timings and limits shared by server and web. */
export const LIMITS = {
  pageSize: 30,
  tablePageSize: 5,
  paletteResultsPerGroup: 4,
  searchDebounceMs: 300,
  patientSearchMinChars: 3,
  starredPagesMax: 10,
  idleTimeMs: 30_000_000,
  swUpdateCheckMs: 3_600_000,
  updateReloadDelayMs: 3000,
  onlineBannerMs: 2000,
  loadingOverlayHideMs: 200,
  hubRetryMaxDelayMs: 10_000,
  hubRetryWindowMs: 3_600_000,
  toastMs: 3000,
  successMessageMs: 5000,
  popupTimeoutS: 25,
  generatedPasswordMin: 8,
  generatedPasswordMax: 16,
} as const;
export const PRIMARY_COLOR = '#079ee4';
export const PRODUCT_NAME = 'Dentix';
