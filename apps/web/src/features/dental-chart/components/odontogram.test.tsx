import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from 'lib/i18n';
import { AppProviders } from '../../../app/providers';
import { EMPTY_SELECTION } from '../chart-state';
import { Odontogram } from './odontogram';
import { viewport } from '../../../test/viewport';

const chart = () =>
  render(
    <AppProviders>
      <Odontogram
        dentition="adult"
        numbering="FDI"
        chart={[]}
        notes={new Map()}
        canals={new Map()}
        selection={EMPTY_SELECTION}
        onToggleTooth={() => undefined}
        onToggleSurface={() => undefined}
      />
    </AppProviders>,
  ).container;

const viewBoxWidth = (svg: Element) => Number(svg.getAttribute('viewBox')!.split(' ')[2]);

beforeEach(() => setLanguage('en'));
afterEach(cleanup);

describe('the dental chart on a 390 px phone (issue 18)', () => {
  it('draws the patient’s right half above the left half, each under its own label, 8 teeth a row at full size', async () => {
    viewport(390);
    const root = chart();
    const right = await screen.findByRole('group', { name: "Patient's right" });
    const left = screen.getByRole('group', { name: "Patient's left" });
    expect(root.querySelectorAll('svg')).toHaveLength(2);
    // each half holds quadrants 1 and 4 (right) or 2 and 3 (left): 16 tappable teeth
    const teeth = (svg: Element) => [...svg.querySelectorAll('[aria-label^="Tooth"]')].map((g) => g.getAttribute('aria-label'));
    expect(teeth(right)).toHaveLength(16);
    expect(teeth(left)).toHaveLength(16);
    expect(teeth(right)).toContain('Tooth 18');
    expect(teeth(right)).toContain('Tooth 41');
    expect(teeth(left)).toContain('Tooth 21');
    expect(teeth(left)).toContain('Tooth 38');
    // 8 teeth of 33 units and the padding: fits a 390 px screen at 1:1 or larger, so nothing scrolls sideways
    expect(viewBoxWidth(right)).toBeLessThanOrEqual(280);
    expect(root.querySelector('.dc-odontogram-split')).not.toBeNull();
    // the labels are text of their half, not a row over the other half's teeth
    expect(root.querySelector('.dc-sides')).toBeNull();
  });

  it('keeps one chart with both sides on a laptop', async () => {
    viewport(1366);
    const root = chart();
    await screen.findByRole('group', { name: 'Adult teeth' });
    expect(root.querySelectorAll('svg')).toHaveLength(1);
    expect(root.querySelector('.dc-sides')?.textContent).toBe("Patient's rightPatient's left");
  });
});
