import { currencyDecimals, fitsCurrency } from '@dental/contract';
import { AppError } from './errors.js';

/**
 * Refuses (400 `money_decimals_invalid` on `field`) an amount with more decimals than the clinic's currency has:
 * 12.345 is a price in LYD, not in EGP. `amount` is the contract's canonical text (moneyAmount).
 */
export function assertCurrencyAmount(amount: string, currency: string, field: string): void {
  if (!fitsCurrency(amount, currencyDecimals(currency))) {
    throw new AppError('money_decimals_invalid', { [field]: 'money_decimals_invalid' });
  }
}
