import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, sequence } from '../../../app/testing/fake-api.ts';
import { renderApp, sessionHandlers, signIn } from '../../../app/testing/render-app.tsx';
import { UNSEEN_POLL_MS } from '../api/get-unseen-notifications.ts';
import { unseenLabel } from './notifications-badge.tsx';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('NotificationsBadge', () => {
  it('labels the count in French', () => {
    expect(unseenLabel(1)).toBe('1 notification non lue');
    expect(unseenLabel(3)).toBe('3 notifications non lues');
  });

  it('shows the unseen count on the employee notifications link', async () => {
    signIn();
    renderApp('/profile', {
      handlers: {
        ...sessionHandlers(),
        'GET /notifications/unseen': { body: { count: 3, ids: [1, 2, 3] } },
      },
    });
    const badge = await screen.findByLabelText('3 notifications non lues');
    expect(badge).toHaveTextContent('3');
    expect(screen.getByRole('link', { name: /Notifications.*3 notifications non lues/ })).toHaveAttribute(
      'href',
      '/notifications',
    );
  });

  it('shows nothing at zero or when the call fails, and on the HR layout too', async () => {
    signIn();
    const app = renderApp('/rh/groups', {
      handlers: {
        ...sessionHandlers({ account: { roles: ['RH'] } }),
        'GET /groups': { body: { count: 0, next: null, previous: null, results: [] } },
        'GET /notifications/unseen': { body: { count: 0, ids: [] } },
      },
    });
    await waitFor(() => expect(app.api.requestsTo('GET /notifications/unseen').length).toBeGreaterThan(0));
    expect(screen.queryByLabelText(/non lues?$/)).toBeNull();
    app.api.on('GET /notifications/unseen', apiError(500, 'server_error'));
    expect(screen.queryByLabelText(/non lues?$/)).toBeNull();
  });

  it('polls every minute', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn();
    renderApp('/profile', {
      handlers: {
        ...sessionHandlers(),
        'GET /notifications/unseen': sequence(
          { body: { count: 0, ids: [] } },
          { body: { count: 2, ids: [4, 5] } },
        ),
      },
    });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByLabelText('2 notifications non lues')).toBeNull();
    await vi.advanceTimersByTimeAsync(UNSEEN_POLL_MS + 100);
    expect(await screen.findByLabelText('2 notifications non lues')).toBeInTheDocument();
  });
});
