import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import { type Confirmations, saveWithConfirmations } from './save-protocol';

const refused = (code: string, status = 409) => new ApiError(status, { code, message: `text of ${code}` });

/** A fake server: refuses with `codes` in order while the matching confirmation is missing. */
function server(rules: Array<{ code: string; unless: keyof Confirmations }>) {
  const calls: Confirmations[] = [];
  const send = vi.fn(async (c: Confirmations) => {
    calls.push(c);
    const rule = rules.find((r) => !c[r.unless]);
    if (rule) throw refused(rule.code);
    return { id: 7, version: 1 };
  });
  return { send, calls };
}

describe('saveWithConfirmations', () => {
  it('saves at once when the server does not ask', async () => {
    const { send } = server([]);
    const ask = vi.fn();
    await expect(saveWithConfirmations(send, ask, { allowOverlapping: false })).resolves.toEqual({ id: 7, version: 1 });
    expect(ask).not.toHaveBeenCalled();
  });

  it('asks about working hours, then overlap, and resends keeping the first confirmation', async () => {
    const { send, calls } = server([
      { code: 'appointment_outside_working_hours', unless: 'confirmOutsideWorkingHours' },
      { code: 'appointment_room_busy', unless: 'confirmOverlap' },
    ]);
    const ask = vi.fn(async (_reason: string) => true);
    await expect(saveWithConfirmations(send, ask, { allowOverlapping: true })).resolves.toEqual({ id: 7, version: 1 });
    expect(ask.mock.calls.map((c) => c[0])).toEqual(['outsideWorkingHours', 'overlap']);
    expect(calls).toEqual([
      {},
      { confirmOutsideWorkingHours: true },
      { confirmOutsideWorkingHours: true, confirmOverlap: true },
    ]);
  });

  it('stops when the user says no', async () => {
    const { send } = server([{ code: 'appointment_outside_working_hours', unless: 'confirmOutsideWorkingHours' }]);
    await expect(saveWithConfirmations(send, async () => false, { allowOverlapping: true })).resolves.toBeNull();
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('does not offer to overlap when the clinic forbids it: the busy error comes back', async () => {
    const { send } = server([{ code: 'appointment_doctor_busy', unless: 'confirmOverlap' }]);
    const ask = vi.fn(async () => true);
    await expect(saveWithConfirmations(send, ask, { allowOverlapping: false })).rejects.toMatchObject({
      code: 'appointment_doctor_busy',
    });
    expect(ask).not.toHaveBeenCalled();
  });

  it('passes other refusals through (vacation, changed, validation) and never asks twice', async () => {
    for (const code of ['appointment_on_vacation', 'appointment_changed']) {
      const { send } = server([{ code, unless: 'confirmOverlap' }]);
      await expect(saveWithConfirmations(send, async () => true, { allowOverlapping: true })).rejects.toMatchObject({
        code,
      });
    }
    const invalid = vi.fn(async () => Promise.reject(refused('field_invalid', 400)));
    await expect(saveWithConfirmations(invalid, async () => true, { allowOverlapping: true })).rejects.toMatchObject({
      status: 400,
    });
    // a server that keeps asking the same question after it was confirmed gets its error, not a loop
    const stubborn = vi.fn(async () => Promise.reject(refused('appointment_outside_working_hours')));
    await expect(saveWithConfirmations(stubborn, async () => true, { allowOverlapping: true })).rejects.toMatchObject({
      code: 'appointment_outside_working_hours',
    });
    expect(stubborn).toHaveBeenCalledTimes(2);
  });
});
