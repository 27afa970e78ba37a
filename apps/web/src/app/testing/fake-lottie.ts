import { vi } from 'vitest';

/**
 * lottie-web draws on a canvas jsdom lacks; a screen that shows an animation (an advance's or a
 * top-up's success) only needs the player not to throw. In a test file:
 * `vi.mock('lottie-web', () => import('../../app/testing/fake-lottie.ts'));`
 */
const fakeLottie = {
  loadAnimation: vi.fn(() => ({
    addEventListener: vi.fn(),
    setSpeed: vi.fn(),
    setDirection: vi.fn(),
    setLoop: vi.fn(),
    play: vi.fn(),
    pause: vi.fn(),
    destroy: vi.fn(),
  })),
};

export default fakeLottie;
