/** Patients' mobiles are read as every mobile of the clinic is (platform/phone.ts). */
export { PHONE_COUNTRY, e164Mobile } from '../../platform/phone.js';
