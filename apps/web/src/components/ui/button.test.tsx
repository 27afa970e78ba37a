import { IconArrowRight, IconTrash } from '@tabler/icons-react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button.tsx';

describe('Button', () => {
  it('defaults to a medium primary "button" with the label', () => {
    render(<Button label="Valider" />);
    const button = screen.getByRole('button', { name: 'Valider' });
    expect(button).toHaveAttribute('type', 'button');
    expect(button).toHaveAttribute('data-size', 'md');
    expect(button).toHaveAttribute('data-variant', 'primary');
    expect(button.className).toContain('bg-brand-600');
    expect(button.className).toContain('h-11');
  });

  it.each([
    ['sm', 'h-8'],
    ['md', 'h-11'],
    ['lg', 'h-12'],
  ] as const)('size %s', (size, className) => {
    render(<Button label="OK" size={size} />);
    const button = screen.getByRole('button');
    expect(button).toHaveAttribute('data-size', size);
    expect(button.className).toContain(className);
  });

  it.each([
    ['primary', 'bg-brand-600'],
    ['secondary', 'ring-brand-200'],
    ['tertiary', 'bg-transparent'],
    ['danger', 'bg-red-600'],
  ] as const)('variant %s', (variant, className) => {
    render(<Button label="OK" variant={variant} />);
    const button = screen.getByRole('button');
    expect(button).toHaveAttribute('data-variant', variant);
    expect(button.className).toContain(className);
  });

  it('takes children as the label too, and forwards other button props', async () => {
    const onClick = vi.fn();
    render(
      <Button type="submit" form="f" name="go" onClick={onClick} className="w-full" data-testid="b">
        Envoyer
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Envoyer' });
    expect(button).toHaveAttribute('type', 'submit');
    expect(button).toHaveAttribute('form', 'f');
    expect(button).toHaveAttribute('name', 'go');
    expect(button.className).toContain('w-full');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('puts the icon on the right by default, on the left when asked', () => {
    const { rerender } = render(<Button label="Suivant" icon={<IconArrowRight />} />);
    let button = screen.getByRole('button');
    expect(button.lastElementChild).toHaveAttribute('data-testid', 'button-icon');
    expect(button.firstElementChild).toHaveTextContent('Suivant');
    rerender(<Button label="Suivant" icon={<IconArrowRight />} iconPosition="left" />);
    button = screen.getByRole('button');
    expect(button.firstElementChild).toHaveAttribute('data-testid', 'button-icon');
    expect(button.lastElementChild).toHaveTextContent('Suivant');
  });

  it('is a square icon-only button without a label, named by aria-label', () => {
    render(<Button icon={<IconTrash />} aria-label="Supprimer" variant="danger" size="sm" />);
    const button = screen.getByRole('button', { name: 'Supprimer' });
    expect(button).toHaveAttribute('data-icon-only');
    expect(button.className).toContain('size-8');
    expect(button.querySelector('svg')).not.toBeNull();
    expect(button.textContent).toBe('');
  });

  it('requires an aria-label when icon-only (type check)', () => {
    // @ts-expect-error an icon-only button must be named
    render(<Button icon={<IconTrash />} />);
    expect(screen.getByRole('button')).toHaveAttribute('data-icon-only');
  });

  it('can be disabled', async () => {
    const onClick = vi.fn();
    render(<Button label="Valider" disabled onClick={onClick} />);
    const button = screen.getByRole('button', { name: 'Valider' });
    expect(button).toBeDisabled();
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('shows three dots instead of the label while loading, and cannot be clicked', async () => {
    const onClick = vi.fn();
    render(<Button label="Valider" icon={<IconArrowRight />} loading onClick={onClick} />);
    const button = screen.getByRole('button');
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toBeDisabled();
    expect(screen.queryByText('Valider')).toBeNull();
    expect(screen.queryByTestId('button-icon')).toBeNull();
    const dots = screen.getByTestId('button-loading');
    expect(dots.querySelectorAll('[aria-hidden="true"]')).toHaveLength(3);
    expect(button).toHaveAccessibleName('Chargement en cours');
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('becomes a router link when given a route', async () => {
    const router = createMemoryRouter(
      [
        { path: '/', element: <Button label="Demander une avance" to="/advance" variant="secondary" /> },
        { path: '/advance', element: <p>Page avance</p> },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    const link = screen.getByRole('link', { name: 'Demander une avance' });
    expect(link).toHaveAttribute('href', '/advance');
    expect(link).toHaveAttribute('data-variant', 'secondary');
    expect(screen.queryByRole('button')).toBeNull();
    await userEvent.click(link);
    expect(await screen.findByText('Page avance')).toBeInTheDocument();
  });

  it('a disabled link does not navigate', async () => {
    const router = createMemoryRouter(
      [
        { path: '/', element: <Button label="Carte" to="/card" disabled /> },
        { path: '/card', element: <p>Page carte</p> },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    const link = screen.getByRole('link', { name: 'Carte' });
    expect(link).toHaveAttribute('aria-disabled', 'true');
    expect(link).toHaveAttribute('tabindex', '-1');
    await userEvent.click(link);
    expect(router.state.location.pathname).toBe('/');
  });
});
