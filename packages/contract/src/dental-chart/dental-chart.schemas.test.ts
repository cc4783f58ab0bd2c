import { describe, expect, it } from 'vitest';
import {
  parseCanalLength,
  patientToothInput,
  savePatientTeethInput,
  saveToothCanalInput,
  saveToothNoteInput,
} from './dental-chart.schemas.js';

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('dental chart schemas', () => {
  it('takes a tooth from a query string and refuses non-FDI numbers', () => {
    expect(patientToothInput.parse({ patientId: '4', tooth: '36' })).toEqual({ patientId: 4, tooth: 36 });
    expect(messages(patientToothInput.safeParse({ patientId: 4, tooth: '19' }))).toEqual({ tooth: 'tooth_invalid' });
    expect(messages(patientToothInput.safeParse({ patientId: 4, tooth: 'x' }))).toEqual({ tooth: 'tooth_invalid' });
    expect(messages(patientToothInput.safeParse({ patientId: 4 }))).toEqual({ tooth: 'field_required' });
  });

  it('needs at least one tooth and, when painting surfaces, at least one surface', () => {
    expect(messages(savePatientTeethInput.safeParse({ patientId: 1, teeth: [] }))).toEqual({ teeth: 'select_tooth' });
    expect(messages(savePatientTeethInput.safeParse({ patientId: 1 }))).toEqual({ teeth: 'field_required' });
    expect(
      messages(savePatientTeethInput.safeParse({ patientId: 1, teeth: [{ tooth: 36, surfaces: { codes: [], color: '#ff0000' } }] })),
    ).toEqual({ 'teeth.0.surfaces.codes': 'select_surface' });
  });

  it('checks colours, surfaces, extras, parts and extensions tightly', () => {
    const ok = savePatientTeethInput.parse({
      patientId: 1,
      teeth: [
        {
          tooth: 36,
          color: '#AABBCC',
          surfaces: { codes: ['M', 'O'], color: '#FF0000' },
          extras: [{ code: 'crown', status: 'planned' }],
          parts: [{ name: ' post ', color: '#00FF00' }],
          extensions: [{ kind: 'pontic', note: 'to 35' }],
        },
        { tooth: 75, clear: true, color: null },
      ],
    });
    expect(ok.teeth[0]).toMatchObject({ color: '#aabbcc', surfaces: { codes: ['M', 'O'], color: '#ff0000' }, parts: [{ name: 'post', color: '#00ff00' }] });
    const bad = savePatientTeethInput.safeParse({
      patientId: 1,
      teeth: [
        {
          tooth: 36,
          color: 'red',
          surfaces: { codes: ['X'], color: '#ff0000' },
          extras: [{ code: 'crown', status: 'planned' }, { code: 'crown', status: 'done' }],
          parts: [{ name: '', color: '#000000' }],
          extensions: [{ kind: 'wing' }],
        },
        { tooth: 36 },
        { tooth: 99 },
      ],
    });
    expect(messages(bad)).toEqual({
      'teeth.0.color': 'field_invalid',
      'teeth.0.surfaces.codes.0': 'field_invalid',
      'teeth.0.extras': 'field_invalid',
      'teeth.0.parts.0.name': 'field_required',
      'teeth.0.extensions.0.kind': 'field_invalid',
      'teeth.2.tooth': 'tooth_invalid',
    });
    const dup = savePatientTeethInput.safeParse({ patientId: 1, teeth: [{ tooth: 36 }, { tooth: 36 }] });
    expect(messages(dup)).toEqual({ 'teeth.1.tooth': 'field_invalid' });
    const status = savePatientTeethInput.safeParse({ patientId: 1, teeth: [{ tooth: 36, extras: [{ code: 'crown', status: 'wished' }] }] });
    expect(messages(status)).toEqual({ 'teeth.0.extras.0.status': 'field_invalid' });
  });

  it('keeps canal lengths as decimal text, 0.5 to 99.99 mm', () => {
    expect(parseCanalLength('21.5')).toBe('21.50');
    expect(parseCanalLength(21.5)).toBe('21.50');
    expect(parseCanalLength(' 9 ')).toBe('9.00');
    expect(parseCanalLength('0.5')).toBe('0.50');
    expect(parseCanalLength('99.99')).toBe('99.99');
    for (const v of ['0.49', '0', '100', '21.555', '-3', 'abc', '', 1e21, Number.NaN, null])
      expect(parseCanalLength(v), String(v)).toBeNull();
    const canal = saveToothCanalInput.parse({ patientId: 1, tooth: 16, canalName: ' MB ', length: '21.5' });
    expect(canal).toMatchObject({ canalName: 'MB', length: '21.50' });
    expect(messages(saveToothCanalInput.safeParse({ patientId: 1, tooth: 16, canalName: '', length: '' }))).toEqual({
      canalName: 'field_required',
      length: 'field_required',
    });
    expect(messages(saveToothCanalInput.safeParse({ patientId: 1, tooth: 16, canalName: 'MB', length: '120' }))).toEqual({
      length: 'canal_length_invalid',
    });
  });

  it('needs the note text', () => {
    expect(messages(saveToothNoteInput.safeParse({ patientId: 1, tooth: 11, note: '  ' }))).toEqual({ note: 'field_required' });
    expect(messages(saveToothNoteInput.safeParse({ patientId: 1, tooth: 11, note: 'x'.repeat(2001) }))).toEqual({ note: 'field_too_long' });
  });
});
