import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { FormField } from './form-field.tsx';

describe('FormField', () => {
  it('ties the label to the input', async () => {
    render(<FormField label="Montant" name="amount" inputMode="numeric" />);
    const input = screen.getByLabelText('Montant');
    expect(input).toHaveAttribute('name', 'amount');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).not.toHaveAttribute('aria-invalid');
    await userEvent.type(input, '500');
    expect(input).toHaveValue('500');
  });

  it('shows the French error, marks the input invalid and describes it by the error', () => {
    render(
      <FormField label="Téléphone" error='le champ "Téléphone" est obligatoire' hint="Ex. 0612345678" />,
    );
    const input = screen.getByLabelText('Téléphone');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Ex. 0612345678 le champ "Téléphone" est obligatoire');
    expect(screen.getByText('le champ "Téléphone" est obligatoire')).toBeInTheDocument();
  });

  it('marks required fields and keeps a given id', () => {
    render(<FormField label="CIN" id="cin" required />);
    const input = screen.getByRole('textbox', { name: /CIN/ });
    expect(input).toHaveAttribute('id', 'cin');
    expect(input).toBeRequired();
  });

  it('forwards the ref (react-hook-form register)', () => {
    const ref = createRef<HTMLInputElement>();
    render(<FormField label="E-mail" ref={ref} type="email" />);
    expect(ref.current).toBe(screen.getByLabelText('E-mail'));
  });

  it('wires a custom control the same way', () => {
    render(
      <FormField label="Ville" error="Choisissez une ville.">
        {(control) => (
          <select {...control}>
            <option>Rabat</option>
          </select>
        )}
      </FormField>,
    );
    const select = screen.getByRole('combobox', { name: 'Ville' });
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription('Choisissez une ville.');
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
