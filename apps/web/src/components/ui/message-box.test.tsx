import { IconStar } from '@tabler/icons-react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MessageBox } from './message-box.tsx';

const iconOf = () => screen.getByTestId('message-box-icon').querySelector('svg');

describe('MessageBox', () => {
  it('defaults to info: blue, info-circle icon, polite status', () => {
    render(<MessageBox title="Bon à savoir">Votre avance arrive sous 48 heures.</MessageBox>);
    const box = screen.getByRole('status');
    expect(box).toHaveAttribute('data-severity', 'info');
    expect(box.className).toContain('bg-sky-50');
    expect(box).toHaveTextContent('Bon à savoir');
    expect(box).toHaveTextContent('Votre avance arrive sous 48 heures.');
    expect(iconOf()).toHaveClass('tabler-icon-info-circle');
  });

  it.each([
    ['success', 'status', 'bg-emerald-50', 'tabler-icon-check'],
    ['warning', 'alert', 'bg-amber-50', 'tabler-icon-alert-triangle'],
    ['danger', 'alert', 'bg-red-50', 'tabler-icon-alert-circle'],
  ] as const)('%s has its own role, colour and icon', (severity, role, colour, icon) => {
    render(<MessageBox severity={severity}>Texte</MessageBox>);
    const box = screen.getByRole(role);
    expect(box).toHaveAttribute('data-severity', severity);
    expect(box.className).toContain(colour);
    expect(iconOf()).toHaveClass(icon);
  });

  it('takes a custom icon', () => {
    render(
      <MessageBox severity="success" icon={<IconStar />}>
        Prime reçue
      </MessageBox>,
    );
    expect(iconOf()).toHaveClass('tabler-icon-star');
    expect(document.querySelector('.tabler-icon-check')).toBeNull();
  });

  it('can hide the icon', () => {
    render(
      <MessageBox severity="danger" hideIcon>
        Erreur
      </MessageBox>,
    );
    expect(screen.queryByTestId('message-box-icon')).toBeNull();
    expect(screen.getByRole('alert').querySelector('svg')).toBeNull();
  });
});
