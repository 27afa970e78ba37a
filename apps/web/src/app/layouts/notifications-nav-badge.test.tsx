import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UNSEEN_POLL_MS } from '../../features/notifications/api/get-unseen-notifications.ts';
import { apiError, sequence } from '../testing/fake-api.ts';
import { renderApp, sessionHandlers, signIn } from '../testing/render-app.tsx';
import { newNotificationsLabel } from './notifications-nav-badge.tsx';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('NotificationsNavBadge', () => {
  it('counts new notifications, in the singular or the plural (unread is the page’s word)', () => {
    expect(newNotificationsLabel(1)).toBe('1 nouvelle notification');
    expect(newNotificationsLabel(3)).toBe('3 nouvelles notifications');
    for (const count of [1, 2, 3]) {
      expect(newNotificationsLabel(count)).not.toMatch(/non lue|\(s\)/);
    }
  });

  it('sits on the bell of the employee notifications link, out of the flow of the bar', async () => {
    signIn();
    renderApp('/profile', {
      handlers: {
        ...sessionHandlers(),
        'GET /notifications/unseen': { body: { count: 3, ids: [1, 2, 3] } },
      },
    });
    const status = await screen.findByRole('status', { name: '3 nouvelles notifications' });
    // Read after the label: « Notifications, 3 nouvelles notifications ».
    const link = screen.getByRole('link', { name: 'Notifications 3 nouvelles notifications' });
    expect(link).toHaveAttribute('href', '/notifications');
    expect(link).toContainElement(status);
    // The number people see is over the bell, in the icon's wrapper: not a row under the label.
    const badge = within(link).getByTitle('3 nouvelles notifications');
    expect(badge).toHaveTextContent(/^3$/);
    expect(badge).toHaveAttribute('aria-hidden', 'true');
    expect(badge.className).toContain('absolute');
    const wrapper = badge.parentElement!;
    expect(wrapper.className).toContain('relative');
    expect(wrapper.querySelector('svg')).not.toBeNull();
    expect(within(wrapper).queryByText('Notifications')).toBeNull();
  });

  it('shows one new notification in the singular', async () => {
    signIn();
    renderApp('/profile', {
      handlers: { ...sessionHandlers(), 'GET /notifications/unseen': { body: { count: 1, ids: [7] } } },
    });
    expect(await screen.findByRole('status', { name: '1 nouvelle notification' })).toBeInTheDocument();
    expect(screen.getByTitle('1 nouvelle notification')).toHaveTextContent(/^1$/);
  });

  it('sits on the bell in the HR menu too', async () => {
    signIn();
    renderApp('/rh/groups', {
      handlers: {
        ...sessionHandlers({ account: { roles: ['RH'] } }),
        'GET /groups': { body: { count: 0, next: null, previous: null, results: [] } },
        'GET /notifications/unseen': { body: { count: 2, ids: [1, 2] } },
      },
    });
    const link = await screen.findByRole('link', { name: 'Notifications 2 nouvelles notifications' });
    const badge = within(link).getByTitle('2 nouvelles notifications');
    expect(badge.parentElement!.querySelector('svg')).not.toBeNull();
    expect(badge.className).toContain('absolute');
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
    expect(screen.queryByLabelText(/nouvelles? notifications?$/)).toBeNull();
    app.api.on('GET /notifications/unseen', apiError(500, 'server_error'));
    expect(screen.queryByLabelText(/nouvelles? notifications?$/)).toBeNull();
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
    expect(screen.queryByLabelText('2 nouvelles notifications')).toBeNull();
    await vi.advanceTimersByTimeAsync(UNSEEN_POLL_MS + 100);
    expect(await screen.findByLabelText('2 nouvelles notifications')).toBeInTheDocument();
  });
});
