import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { csvFileProblem, FileDropZone, FilePicker } from './file-picker.tsx';

const csv = (name: string, content = 'nom;prenom\r\n') => new File([content], name, { type: 'text/csv' });

function Picker({ onChange = () => {} }: { onChange?: (file: File | null) => void }) {
  const [file, setFile] = useState<File | null>(null);
  return (
    <FilePicker
      label="Fichier CSV des salariés"
      file={file}
      onFileChange={(next) => {
        setFile(next);
        onChange(next);
      }}
    />
  );
}

describe('FilePicker', () => {
  it('shows the chosen file name shortened to 20 characters like every file name (spec §9)', () => {
    const name = 'salaries-atlas-novembre-2026.csv';
    render(<FilePicker label="Fichier CSV des salariés" file={csv(name)} onFileChange={() => {}} />);
    const shown = screen.getByTitle(name);
    expect(shown).toHaveTextContent(/^salaries-atlas-….csv$/);
    expect(Array.from(shown.textContent ?? '')).toHaveLength(20);
  });

  it('shows a short name whole', () => {
    render(<FilePicker label="Fichier CSV des salariés" file={csv('paie.csv')} onFileChange={() => {}} />);
    expect(screen.getByTitle('paie.csv')).toHaveTextContent(/^paie\.csv$/);
  });

  it('speaks French, not the browser’s "Choose file / No file chosen"', () => {
    render(<Picker />);
    expect(screen.getByText('Choisir un fichier')).toBeInTheDocument();
    expect(screen.getByText(/Glissez votre fichier CSV ici, ou/)).toBeInTheDocument();
    expect(screen.getByText('Fichier CSV (séparateur ; ou ,), 10 Mo au plus.')).toBeInTheDocument();
    // The native control is there for the keyboard and screen readers, but not seen.
    // The only thing the field's name finds is the input (the zone has a name of its own).
    const input = screen.getByLabelText('Fichier CSV des salariés', { exact: false });
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveClass('sr-only');
    expect(input).toHaveAccessibleDescription('Fichier CSV (séparateur ; ou ,), 10 Mo au plus.');
  });

  it('is reached with Tab, takes a file, shows it and removes it', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Picker onChange={onChange} />);
    await user.tab();
    const input = screen.getByLabelText('Fichier CSV des salariés');
    expect(input).toHaveFocus();
    await user.upload(input, csv('paie.csv'));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ name: 'paie.csv' }));
    expect(screen.getByTitle('paie.csv')).toBeInTheDocument();
    expect(screen.getByText('Choisir un autre fichier')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retirer le fichier' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.queryByTitle('paie.csv')).not.toBeInTheDocument();
    // The same file can be picked again: the input was emptied.
    await user.upload(input, csv('paie.csv'));
    expect(screen.getByTitle('paie.csv')).toBeInTheDocument();
  });

  it('takes a dropped file', () => {
    const onChange = vi.fn();
    render(<Picker onChange={onChange} />);
    const zone = screen.getByRole('region', { name: 'Zone de dépôt du fichier' });
    fireEvent.drop(zone, { dataTransfer: { files: [csv('depose.csv')] } });
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ name: 'depose.csv' }));
  });

  it('can show its label, a description and an error, all read with the input', () => {
    render(
      <FilePicker
        label="Membres (fichier CSV des CIN, facultatif)"
        showLabel
        description="Un numéro de CIN par ligne."
        file={null}
        error="Le fichier est vide."
        onFileChange={() => {}}
      />,
    );
    const input = screen.getByLabelText('Membres (fichier CSV des CIN, facultatif)');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(
      'Un numéro de CIN par ligne. Fichier CSV (séparateur ; ou ,), 10 Mo au plus. Le fichier est vide.',
    );
  });
});

describe('FileDropZone', () => {
  it('hands over several files when multiple', async () => {
    const user = userEvent.setup();
    const onFiles = vi.fn();
    render(
      <FileDropZone
        label="Pièces justificatives"
        accept=".pdf"
        multiple
        what="vos pièces justificatives"
        buttonLabel="Ajouter des fichiers"
        formats="PDF, 10 Mo au plus."
        onFiles={onFiles}
      />,
    );
    await user.upload(screen.getByLabelText('Pièces justificatives'), [
      new File(['a'], 'a.pdf', { type: 'application/pdf' }),
      new File(['b'], 'b.pdf', { type: 'application/pdf' }),
    ]);
    expect(onFiles.mock.calls[0]![0]).toHaveLength(2);
  });
});

describe('csvFileProblem', () => {
  it('refuses what is not a CSV, an empty file, and accepts a CSV', () => {
    expect(csvFileProblem(new File(['x'], 'membres.xlsx'))).toBe(
      "Le fichier n'est pas valide. Seuls les fichiers CSV sont acceptés.",
    );
    expect(csvFileProblem(csv('vide.csv', ''))).not.toBeNull();
    expect(csvFileProblem(csv('ok.csv'))).toBeNull();
  });
});
