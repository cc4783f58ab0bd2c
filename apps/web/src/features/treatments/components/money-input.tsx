import { Input } from 'antd';

/** A price field: decimal text, left to right, the clinic currency as suffix. */
export function MoneyInput({ currency, ...props }: { currency: string; value?: string; onChange?: (v: string) => void; id?: string }) {
  return (
    <Input
      id={props.id}
      value={props.value}
      onChange={(e) => props.onChange?.(e.target.value)}
      inputMode="decimal"
      dir="ltr"
      maxLength={16}
      suffix={currency}
    />
  );
}
