/** The money history (append-only): `recordMoneyChange()` is how every module writes it. */
export { moneyAudit } from './money-audit.table.js';
export { moneyChangeStatement, recordMoneyChange, type MoneyChange } from './money-audit.service.js';
