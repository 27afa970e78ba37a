import type { TCard } from '@tasbiq/contracts/cards';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, sessionHandlers, signIn } from '../../../app/testing/render-app.tsx';

/**
 * The signature pad (issue 11). jsdom has no canvas: a 2D context that records the calls stands in,
 * and `toDataURL` answers a PNG data URL, so signature_pad's own pointer handling is what is tested.
 */
const PNG = 'data:image/png;base64,iVBORw0KGgo=';
let drawn: string[];

beforeEach(() => {
  drawn = [];
  const context = new Proxy(
    { canvas: null as unknown },
    {
      get: (target, name) =>
        name in target
          ? target[name as 'canvas']
          : (...args: unknown[]) => {
              drawn.push(`${String(name)}(${args.map(String).join(',')})`);
            },
      set: () => true,
    },
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => context as never);
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockImplementation(() => PNG);
  vi.spyOn(HTMLCanvasElement.prototype, 'getBoundingClientRect').mockReturnValue({
    x: 0,
    y: 0,
    left: 0,
    top: 0,
    right: 300,
    bottom: 160,
    width: 300,
    height: 160,
    toJSON: () => ({}),
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

const card: TCard = {
  id: 7,
  status: 'receipt_confirmed',
  status_label: 'Réception confirmée',
  last4: '4821',
  is_active: false,
  ordered: '2026-11-20T10:00:00+00:00',
  assigned: '2026-11-20T10:00:15+00:00',
  delivered: '2026-11-20T10:00:45+00:00',
  receipt_confirmed: '2026-11-20T11:00:00+00:00',
  contract_signed: null,
  activated: null,
  blocked: null,
  canceled: null,
  cancel_reason: null,
  has_signed_contract: false,
  delivery: { city_name: 'Casablanca', address: '12 rue Ibn Batouta', area: 'Maârif', zip: '20330' },
};

async function openSignature() {
  signIn();
  const app = renderApp('/card', {
    handlers: {
      ...sessionHandlers(),
      'GET /card': { body: { card, order: null } },
      'POST /card/sign_contract': {
        body: { ...card, status: 'active', is_active: true, contract_signed: '2026-11-20T11:05:00+00:00' },
      },
    },
  });
  const pad = await screen.findByRole('img', { name: 'Votre signature' });
  return { app, pad };
}

/** A stroke as a finger or a mouse draws it: down, a few moves, up (pointer events, else mouse). */
function drawStroke(pad: Element) {
  const hasPointer = typeof window.PointerEvent === 'function';
  const at = (x: number, y: number, buttons: number) => ({
    clientX: x,
    clientY: y,
    buttons,
    button: 0,
    pointerId: 1,
    pointerType: 'touch',
    isPrimary: true,
    pressure: 0.5,
  });
  if (hasPointer) {
    fireEvent.pointerDown(pad, at(20, 40, 1));
    fireEvent.pointerMove(document, at(60, 80, 1));
    fireEvent.pointerMove(document, at(120, 60, 1));
    fireEvent.pointerUp(document, at(120, 60, 0));
  } else {
    fireEvent.mouseDown(pad, at(20, 40, 1));
    fireEvent.mouseMove(document, at(60, 80, 1));
    fireEvent.mouseMove(document, at(120, 60, 1));
    fireEvent.mouseUp(document, at(120, 60, 0));
  }
}

describe('contract signature', () => {
  it('cannot sign an empty pad; a drawn stroke enables « Signer » and sends the PNG', async () => {
    const { app, pad } = await openSignature();
    const signButton = screen.getByRole('button', { name: 'Signer le contrat' });
    expect(signButton).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Effacer' })).toBeDisabled();

    drawStroke(pad);
    await waitFor(() => expect(signButton).toBeEnabled());
    // signature_pad drew on the canvas from the pointer's positions.
    expect(drawn.some((call) => call.startsWith('arc(') || call.startsWith('bezierCurveTo('))).toBe(true);
    await app.user.click(signButton);
    await waitFor(() => expect(app.api.requestsTo('POST /card/sign_contract')).toHaveLength(1));
    expect(app.api.requestsTo('POST /card/sign_contract')[0]!.body).toEqual({ signature: PNG });
  });

  it('« Effacer » empties the pad again', async () => {
    const { app, pad } = await openSignature();
    drawStroke(pad);
    const clear = screen.getByRole('button', { name: 'Effacer' });
    await waitFor(() => expect(clear).toBeEnabled());
    await app.user.click(clear);
    expect(screen.getByRole('button', { name: 'Signer le contrat' })).toBeDisabled();
  });

  it('without a pointer: the name typed from the keyboard is drawn as the signature and sent', async () => {
    const { app } = await openSignature();
    const name = screen.getByRole('textbox', { name: 'Ou tapez votre nom complet pour signer' });
    await app.user.click(name);
    await app.user.keyboard('Yo');
    expect(screen.getByRole('button', { name: 'Signer le contrat' })).toBeDisabled();
    await app.user.keyboard('ussef Alaoui');
    // « Effacer » is disabled (nothing drawn): the next stop is « Signer le contrat ».
    await app.user.tab();
    expect(screen.getByRole('button', { name: 'Signer le contrat' })).toHaveFocus();
    await app.user.keyboard('{Enter}');
    await waitFor(() => expect(app.api.requestsTo('POST /card/sign_contract')).toHaveLength(1));
    expect(app.api.requestsTo('POST /card/sign_contract')[0]!.body).toEqual({ signature: PNG });
    expect(drawn).toContain('fillText(Youssef Alaoui,24,80,552)');
  });
});
