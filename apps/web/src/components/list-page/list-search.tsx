import { Input } from 'antd';
import type { CSSProperties } from 'react';

/**
 * The text search of a list's filter bar: cleared with one click, its label as placeholder and accessible name.
 * `onSearch` gets every change (the page goes back to the first page there).
 */
export function ListSearch({
  label,
  value,
  onSearch,
  style = { flex: '1 1 220px' },
}: {
  label: string;
  value: string;
  onSearch: (text: string) => void;
  style?: CSSProperties;
}) {
  return (
    <Input.Search allowClear placeholder={label} aria-label={label} value={value} onChange={(e) => onSearch(e.target.value)} style={style} />
  );
}
