import type { ReactNode } from 'react';

export interface Bar {
  key: string;
  /** The bar's label under (vertical) or beside (horizontal) it. */
  label: string;
  value: number;
  /** The value as shown (a count, hours, an amount). */
  display: string;
}

/** Which bars keep their label when they are too many to label all (narrow charts, long periods): every step-th. */
const labelStep = (n: number) => (n <= 31 ? 5 : Math.ceil(n / 8));

/**
 * Plain CSS bars (no chart library: this page's chunk stays small). The drawing is hidden from screen readers;
 * `table` (a real table, visually hidden) carries the same figures for them.
 */
export function BarChart({
  bars,
  horizontal = false,
  color = '#1677ff',
  table,
  testId,
}: {
  bars: readonly Bar[];
  horizontal?: boolean;
  color?: string;
  table: ReactNode;
  testId?: string;
}) {
  const max = Math.max(0, ...bars.map((b) => b.value));
  const share = (v: number) => (max > 0 ? `${(v / max) * 100}%` : '0%');
  return (
    <div className="dash-chart" data-testid={testId}>
      {horizontal ? (
        <div className="dash-hbars" aria-hidden="true">
          {bars.map((b) => (
            <div key={b.key} className="dash-hbar-row">
              <span className="dash-hbar-label" title={b.label}>
                {b.label}
              </span>
              <span className="dash-hbar-track">
                <span className="dash-hbar" style={{ inlineSize: share(b.value), background: color }} />
              </span>
              <bdi className="dash-hbar-value">{b.display}</bdi>
            </div>
          ))}
        </div>
      ) : (
        <div className="dash-vbars" aria-hidden="true" data-dense={bars.length > 31 || undefined}>
          {bars.map((b, i) => (
            <div key={b.key} className="dash-vbar-col" title={`${b.label}: ${b.display}`} data-mark={i % labelStep(bars.length) === 0 || undefined}>
              <span className="dash-vbar-value">{b.value > 0 ? b.display : ''}</span>
              <span className="dash-vbar-track">
                <span className="dash-vbar" style={{ blockSize: share(b.value), background: color }} />
              </span>
              <span className="dash-vbar-label">{b.label}</span>
            </div>
          ))}
        </div>
      )}
      <div className="dash-sr-only">{table}</div>
    </div>
  );
}

/** The figures behind a chart, for screen readers: a caption, column heads and one row per bar. */
export function FiguresTable({ caption, heads, rows }: { caption: string; heads: readonly string[]; rows: ReadonlyArray<readonly string[]> }) {
  return (
    <table>
      <caption>{caption}</caption>
      <thead>
        <tr>
          {heads.map((h) => (
            <th key={h} scope="col">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r[0]}>
            {r.map((cell, i) => (i === 0 ? <th key={i} scope="row">{cell}</th> : <td key={i}>{cell}</td>))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
