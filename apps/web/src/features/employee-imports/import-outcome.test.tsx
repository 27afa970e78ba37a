import type { TImportFailedBody } from '@tasbiq/contracts/employee-imports';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, sessionHandlers, signIn } from '../../app/testing/render-app.tsx';
import { installFakeXhr } from './testing/fake-xhr.ts';

const scrollIntoView = Element.prototype.scrollIntoView;
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Element.prototype.scrollIntoView = scrollIntoView;
});

const csv = () =>
  new File(['nom;prenom;cin\r\nAlaoui;Sara;BE123456\r\n'], 'fichier.csv', { type: 'text/csv' });

const refused: TImportFailedBody = {
  type: 'validation_error',
  errors: [{ code: 'BULK_UPLOAD_FAILED', detail: 'refusé', attr: null }],
  report: {
    total_rows: 1,
    total_lines: 2,
    error_rows: 1,
    error_count: 1,
    errors: [{ row: 2, column: 'cin', code: 'CIN_EXISTS', detail: 'Ce numéro de CIN est déjà utilisé.' }],
  },
};

/**
 * Issue 10: the outcome of an upload is under the form, out of sight: each one is scrolled to and
 * its heading focused.
 */
describe('imports: the outcome is revealed', () => {
  it.each([
    [
      '/rh/employees/import',
      'Importer des salariés',
      'Fichier CSV des salariés',
      'Importer',
      "Résultat de l'import",
    ],
    [
      '/rh/employees/worked-days',
      'Jours travaillés',
      'Fichier CSV des jours travaillés',
      'Envoyer',
      "Résultat de l'envoi",
    ],
  ])(
    '%s: scrolls to the outcome and focuses its heading, for a report then a success',
    async (path, title, fileLabel, send, outcomeTitle) => {
      const scrolled: Element[] = [];
      Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
        scrolled.push(this);
      });
      signIn();
      const xhr = installFakeXhr();
      const app = renderApp(path, { handlers: sessionHandlers({ account: { roles: ['RH'] } }) });
      await screen.findByRole('heading', { level: 1, name: title }, { timeout: 5000 });

      await app.user.upload(screen.getByLabelText(fileLabel), csv());
      await app.user.click(screen.getByRole('button', { name: send }));
      act(() => xhr.uploads[0]!.respond(400, refused));
      const heading = await screen.findByRole('heading', { level: 2, name: outcomeTitle });
      await waitFor(() => expect(heading).toHaveFocus());
      expect(scrolled).toEqual([heading]);
      expect(screen.getByRole('heading', { level: 3, name: '1 ligne en erreur sur 2' })).toBeInTheDocument();

      await app.user.upload(screen.getByLabelText(fileLabel), csv());
      await app.user.click(screen.getByRole('button', { name: send }));
      act(() =>
        xhr.uploads[1]!.respond(
          200,
          path.endsWith('import')
            ? { created: 1, ignored_columns: [], invitations_queued: 0 }
            : { updated: 1, month: 3, year: 2026, ignored_columns: [], skipped: [] },
        ),
      );
      const again = await screen.findByRole('heading', { level: 2, name: outcomeTitle });
      await waitFor(() => expect(again).toHaveFocus());
      expect(scrolled).toHaveLength(2);
      expect(screen.queryByRole('table')).toBeNull();
    },
  );
});
