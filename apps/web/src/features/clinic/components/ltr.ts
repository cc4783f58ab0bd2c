/**
 * For inputs whose value always reads left to right (login name, phones, links): antd's right-to-left styles set
 * `direction: rtl` on the input itself, which beats its dir attribute ("+2010…" would show as "2010…+").
 * Pass as `styles` to an antd Input.
 */
export const LTR_INPUT = { input: { direction: 'ltr' } } as const;
