/** The demo data the server seeds with SEED_DEMO=true (apps/server/src/db/demo-data.ts). */
export const DEMO_CLINIC = 'demo';
export const DEMO_PASSWORD = 'Demo@1234';

/** One user per default role in clinic "demo" (tier ST3, two branches), all with DEMO_PASSWORD. */
export const DEMO_USERS = {
  owner: 'owner@demo.test', // RL1
  manager: 'manager@demo.test', // RL2
  doctor: 'doctor@demo.test', // RL3
  secretary: 'secretary@demo.test', // RL4
  assistant: 'assistant@demo.test', // RL5
  accountant: 'accountant@demo.test', // RL6
  staff: 'staff@demo.test', // RL7
} as const;
export type DemoRole = keyof typeof DEMO_USERS;

/** A second clinic (tier ST1, one branch), to check that one clinic never sees another's data. */
export const OTHER_CLINIC = { clinicName: 'riyadh', email: 'owner@riyadh.test', password: DEMO_PASSWORD } as const;

/** The provider's console (RL0). */
export const DEMO_ADMIN = { email: 'admin@dentix.test', password: 'Admin@1234' } as const;

export const LOGIN_PATH = '/user/login/login';
