/** Exact sums of the server's decimal texts ("140.30" + "7.00"), through thousandths as BigInt: never a float. */
export function sumMoneyText(values: readonly string[]): string {
  let milli = 0n;
  for (const v of values) {
    const m = /^(-?)(\d+)(?:\.(\d{1,3}))?$/.exec(v.trim());
    if (!m) continue;
    const n = BigInt(m[2]!) * 1000n + BigInt((m[3] ?? '').padEnd(3, '0'));
    milli += m[1] ? -n : n;
  }
  const sign = milli < 0n ? '-' : '';
  const abs = milli < 0n ? -milli : milli;
  return `${sign}${abs / 1000n}.${String(abs % 1000n).padStart(3, '0')}`;
}
