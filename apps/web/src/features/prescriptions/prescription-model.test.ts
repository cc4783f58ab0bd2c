import type { PrescriptionDrugItem } from '@dental/contract';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { applyTemplate, drugInputs, emptyLine, instructions, lineOf, routeId } from './prescription-model';

const amoxicillin: PrescriptionDrugItem = {
  id: 7,
  productId: 3,
  drugName: 'Amoxicillin 500 mg',
  dosage: '1 capsule',
  duration: '5 days',
  timesPerDay: 3,
  mealTiming: 'after',
  repeat: 0,
  notes: null,
};

describe('prescription model', () => {
  it('adds a template as new lines after the written ones, dropping untouched empty lines', () => {
    const written = { ...emptyLine(), drugName: 'Paracetamol 500 mg' };
    const lines = applyTemplate([written, emptyLine()], { drugs: [amoxicillin] });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe(written);
    expect(lines[1]).not.toHaveProperty('id');
    expect(lines[1]).toMatchObject({ productId: 3, drugName: 'Amoxicillin 500 mg', timesPerDay: 3, mealTiming: 'after' });
  });

  it('sends a picked drug by its id and a typed one by its name, trimmed, and skips lines with no drug', () => {
    const picked = lineOf(amoxicillin);
    const typed = { ...emptyLine(), drugName: '  Chlorhexidine 0.12% mouthwash ', dosage: ' ', notes: ' rinse ' };
    const input = drugInputs([picked, typed, emptyLine()]);
    expect(input).toHaveLength(2);
    expect(input[0]).toMatchObject({ id: 7, productId: 3, dosage: '1 capsule' });
    expect(input[0]).not.toHaveProperty('drugName');
    expect(input[1]).toEqual({
      id: undefined,
      drugName: 'Chlorhexidine 0.12% mouthwash',
      dosage: null,
      duration: null,
      timesPerDay: null,
      mealTiming: 'any',
      repeat: 0,
      notes: 'rinse',
    });
  });

  it('writes how to take a drug in the document language', () => {
    expect(instructions(amoxicillin, i18n.getFixedT('en', 'prescriptions'))).toBe('1 capsule · 3 times a day · After eating · for 5 days');
    expect(instructions({ ...amoxicillin, timesPerDay: 1, repeat: 2 }, i18n.getFixedT('ar', 'prescriptions'))).toBe(
      '1 capsule · مرة واحدة يوميًا · بعد الأكل · لمدة 5 days · تُكرر مرتين',
    );
    expect(instructions({ ...amoxicillin, dosage: null, timesPerDay: null, mealTiming: 'any', duration: null }, i18n.getFixedT('fr', 'prescriptions'))).toBe('');
  });

  it('reads the route ids: 0, text or nothing is a new prescription', () => {
    expect(routeId('12')).toBe(12);
    expect(routeId('0')).toBeUndefined();
    expect(routeId('abc')).toBeUndefined();
    expect(routeId(undefined)).toBeUndefined();
  });
});
