/**
 * For inputs whose value is always left-to-right (login names, e-mail, phones, passwords): antd's right-to-left
 * styles set `direction: rtl` on the input itself, which beats its dir attribute and would show "Abc123!" as
 * "!Abc123". Pass as `styles` to an antd Input or Input.Password.
 */
export const LTR_INPUT = { input: { direction: 'ltr' } } as const;
