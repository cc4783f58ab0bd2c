import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { signedInWithFetch } from '../../../test/signed-in';
import { DateJump } from './date-jump';

signedInWithFetch(vi.fn(async () => new Response('{}', { status: 200 })));

describe('the calendar toolbar’s "go to date" (issue 18: the picker loads when first used)', () => {
  it('shows the date on a button first; Enter on it brings the picker open and focused, and a typed date goes to it', async () => {
    const onDate = vi.fn();
    render(
      <AppProviders>
        <DateJump date="2030-03-02" onDate={onDate} label="Go to date" />
      </AppProviders>,
    );
    const button = screen.getByRole('button', { name: 'Go to date' });
    expect(button.textContent).toBe('02/03/2030');
    expect(document.querySelector('.ant-picker')).toBeNull();

    act(() => button.focus());
    fireEvent.click(button); // Enter and Space on a button are a click
    const input = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Go to date' });
    expect(input.value).toBe('02/03/2030');
    await waitFor(() => expect(document.activeElement).toBe(input));
    expect(document.querySelector('.ant-picker-dropdown')).not.toBeNull(); // its panel is open

    fireEvent.change(input, { target: { value: '15/04/2030' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onDate).toHaveBeenCalledWith('2030-04-15');
  });
});
