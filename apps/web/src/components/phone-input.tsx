import { MOBILE_MAX_LENGTH } from '@dental/contract';
import { ConfigProvider, Input, Select, Space } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DIAL_CODES, PREFERRED_DIAL_CODES, joinPhone, nationalMaxLength, splitPhone } from '../lib/phone';

interface PhoneInputProps {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  /** The code a new number starts with (from the clinic's country). */
  defaultDial: string;
  disabled?: boolean;
  'aria-invalid'?: boolean;
}

const option = (c: { iso: string; dial: string }) => ({
  value: `${c.dial}-${c.iso}`,
  label: (
    <bdi dir="ltr">
      {c.iso} +{c.dial}
    </bdi>
  ),
  search: `${c.iso} +${c.dial}`,
});
const PREFERRED = PREFERRED_DIAL_CODES.map(option);
const OTHERS = DIAL_CODES.slice(PREFERRED_DIAL_CODES.length).map(option);

/**
 * International phone input (spec §5): a country-code picker (Egypt and Saudi Arabia first) and the number,
 * always left to right. Its value is the whole international number (+201001234567); the contract's schema
 * checks it ('phone number not valid') and its length (20).
 */
export function PhoneInput({ id, value, onChange, defaultDial, disabled, ...rest }: PhoneInputProps) {
  const { t } = useTranslation();
  const emitted = useRef<string | undefined>(undefined);
  const [state, setState] = useState(() => splitPhone(value, defaultDial));

  // a value set from outside (form reset, loaded record) replaces what the fields show
  useEffect(() => {
    if (value !== emitted.current) setState(splitPhone(value, defaultDial));
  }, [value, defaultDial]);

  const emit = (dial: string, national: string) => {
    setState({ dial, national });
    const next = joinPhone(dial, national);
    emitted.current = next;
    onChange?.(next);
  };
  const selected = DIAL_CODES.find((c) => c.dial === state.dial);

  // a phone number reads left to right in every language: code first, then the number
  return (
    <ConfigProvider direction="ltr">
      <Space.Compact style={{ width: '100%' }} dir="ltr">
        <Select
          aria-label={t('common:phone.code')}
          value={selected ? option(selected).value : undefined}
          onChange={(v: string) => emit(v.split('-')[0]!, state.national)}
          options={[
            { label: t('common:phone.preferred'), options: PREFERRED },
            { label: t('common:phone.others'), options: OTHERS },
          ]}
          showSearch={{ optionFilterProp: 'search' }}
          popupMatchSelectWidth={false}
          disabled={disabled}
          style={{ width: 120, flex: 'none' }}
        />
        <Input
          id={id}
          aria-label={t('common:phone.number')}
          aria-invalid={rest['aria-invalid']}
          dir="ltr"
          inputMode="tel"
          autoComplete="tel-national"
          value={state.national}
          maxLength={state.national.startsWith('+') ? MOBILE_MAX_LENGTH : nationalMaxLength(state.dial)}
          onChange={(e) => emit(state.dial, e.target.value)}
          disabled={disabled}
          style={{ textAlign: 'left' }}
        />
      </Space.Compact>
    </ConfigProvider>
  );
}
