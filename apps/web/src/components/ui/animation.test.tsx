import { act, fireEvent, render, screen } from '@testing-library/react';
import { createRef, type ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Animation, type AnimationHandle } from './animation.tsx';

// lottie-web draws on a canvas jsdom does not have; we check what our wrapper asks of it instead.
type Listener = (event?: unknown) => void;
const lottieMock = vi.hoisted(() => {
  const createItem = () => {
    const listeners = new Map<string, Listener[]>();
    const item = {
      playDirection: 1,
      totalFrames: 60,
      play: vi.fn(),
      pause: vi.fn(),
      stop: vi.fn(),
      destroy: vi.fn(),
      setSpeed: vi.fn(),
      setDirection: vi.fn((direction: number) => {
        item.playDirection = direction;
      }),
      setLoop: vi.fn(),
      goToAndPlay: vi.fn(),
      addEventListener: vi.fn((name: string, listener: Listener) => {
        listeners.set(name, [...(listeners.get(name) ?? []), listener]);
        return () => {};
      }),
      emit(name: string, event?: unknown) {
        for (const listener of listeners.get(name) ?? []) listener(event);
      },
    };
    return item;
  };
  const state = { items: [] as Array<ReturnType<typeof createItem>> };
  const loadAnimation = vi.fn(() => {
    const item = createItem();
    state.items.push(item);
    return item;
  });
  return { state, loadAnimation };
});

vi.mock('lottie-web', () => ({ default: { loadAnimation: lottieMock.loadAnimation } }));

const data = { v: '5.7.0', fr: 30, ip: 0, op: 60, w: 100, h: 100, layers: [] };
const lastItem = () => {
  const item = lottieMock.state.items.at(-1);
  if (!item) throw new Error('no animation loaded');
  return item;
};

/** lottie-web is imported lazily: wait for the player to be created. */
async function renderAnimation(ui: ReactElement) {
  const calls = lottieMock.loadAnimation.mock.calls.length;
  const result = render(ui);
  await vi.waitFor(() => expect(lottieMock.loadAnimation).toHaveBeenCalledTimes(calls + 1));
  return result;
}

beforeEach(() => {
  lottieMock.state.items = [];
  lottieMock.loadAnimation.mockClear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Animation: validation', () => {
  it('requires exactly one of animationData and animationLink', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const message = 'You must provide either animationLink or animationData';
    // @ts-expect-error neither source given
    expect(() => render(<Animation />)).toThrow(message);
    // @ts-expect-error both sources given
    expect(() => render(<Animation animationData={data} animationLink="/a.json" />)).toThrow(message);
  });

  it('refuses a speed of 0 or less', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Animation animationData={data} speed={0} />)).toThrow(
      'Speed must be greater than 0',
    );
    expect(() => render(<Animation animationData={data} speed={-1} />)).toThrow(
      'Speed must be greater than 0',
    );
  });

  it('warns when pause is combined with pauseOnHover or playOnHover', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(<Animation animationData={data} pause pauseOnHover />);
    expect(warn).toHaveBeenCalledTimes(1);
    render(<Animation animationData={data} pause playOnHover />);
    expect(warn).toHaveBeenCalledTimes(2);
    render(<Animation animationData={data} pauseOnHover />);
    expect(warn).toHaveBeenCalledTimes(2);
  });
});

describe('Animation: loading', () => {
  it('passes the spec defaults to lottie: svg, loop, autoplay, speed 1, forward, 100% × 100%', async () => {
    await renderAnimation(<Animation animationData={data} />);
    expect(lottieMock.loadAnimation).toHaveBeenCalledTimes(1);
    const container = screen.getByTestId('animation');
    expect(lottieMock.loadAnimation).toHaveBeenCalledWith({
      container,
      renderer: 'svg',
      loop: true,
      autoplay: true,
      animationData: data,
    });
    expect(lastItem().setSpeed).toHaveBeenCalledWith(1);
    expect(lastItem().setDirection).toHaveBeenCalledWith(1);
    expect(container.style.width).toBe('100%');
    expect(container.style.height).toBe('100%');
    expect(container.style.transform).toBe('');
    expect(container).toHaveAttribute('aria-hidden', 'true');
  });

  it('passes the options given', async () => {
    await renderAnimation(
      <Animation
        animationData={data}
        renderer="canvas"
        loop={false}
        autoplay={false}
        speed={2}
        direction={-1}
        scale={1.5}
        width={120}
        height="4rem"
        aria-label="Succès"
      />,
    );
    expect(lottieMock.loadAnimation).toHaveBeenCalledWith(
      expect.objectContaining({ renderer: 'canvas', loop: false, autoplay: false }),
    );
    expect(lastItem().setSpeed).toHaveBeenCalledWith(2);
    expect(lastItem().setDirection).toHaveBeenCalledWith(-1);
    const container = screen.getByRole('img', { name: 'Succès' });
    expect(container.style.transform).toBe('scale(1.5)');
    expect(container.style.width).toBe('120px');
    expect(container.style.height).toBe('4rem');
  });

  it('waits `delay` ms before playing', async () => {
    // A spy rather than fake timers: the lazy import of lottie-web needs real time to resolve.
    const timeout = vi.spyOn(globalThis, 'setTimeout');
    await renderAnimation(<Animation animationData={data} delay={500} />);
    expect(lottieMock.loadAnimation).toHaveBeenCalledWith(expect.objectContaining({ autoplay: false }));
    expect(lastItem().play).not.toHaveBeenCalled();
    const call = timeout.mock.calls.find(([, ms]) => ms === 500);
    if (!call) throw new Error('no 500 ms timer');
    (call[0] as () => void)();
    expect(lastItem().play).toHaveBeenCalledTimes(1);
  });

  it('fetches animationLink with a GET, then loads the JSON', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(data), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await renderAnimation(<Animation animationLink="/animations/success.json" />);
    expect(fetchMock).toHaveBeenCalledWith(
      '/animations/success.json',
      expect.objectContaining({ method: 'GET' }),
    );
    expect(lottieMock.loadAnimation).toHaveBeenCalledWith(expect.objectContaining({ animationData: data }));
  });

  it('reports a link that cannot be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('nope', { status: 404 })),
    );
    const onError = vi.fn();
    render(<Animation animationLink="/missing.json" onError={onError} />);
    await vi.waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
    expect(lottieMock.loadAnimation).not.toHaveBeenCalled();
  });

  it('destroys the animation on unmount', async () => {
    const { unmount } = await renderAnimation(<Animation animationData={data} />);
    unmount();
    expect(lastItem().destroy).toHaveBeenCalledTimes(1);
  });
});

describe('Animation: events', () => {
  it('reports load, loop-complete, complete, enter-frame and segment-start', async () => {
    const handlers = {
      onLoad: vi.fn(),
      onLoopComplete: vi.fn(),
      onComplete: vi.fn(),
      onEnterFrame: vi.fn(),
      onSegmentStart: vi.fn(),
    };
    await renderAnimation(<Animation animationData={data} {...handlers} />);
    const item = lastItem();
    item.emit('DOMLoaded');
    item.emit('loopComplete', { type: 'loopComplete', currentLoop: 1, totalLoops: 0, direction: 1 });
    item.emit('complete', { type: 'complete', direction: 1 });
    item.emit('enterFrame', { type: 'enterFrame', currentTime: 3, totalTime: 60, direction: 1 });
    item.emit('segmentStart', { type: 'segmentStart', firstFrame: 0, totalFrames: 60 });
    expect(handlers.onLoad).toHaveBeenCalledTimes(1);
    expect(handlers.onLoopComplete).toHaveBeenCalledWith(expect.objectContaining({ currentLoop: 1 }));
    expect(handlers.onComplete).toHaveBeenCalledWith(expect.objectContaining({ type: 'complete' }));
    expect(handlers.onEnterFrame).toHaveBeenCalledWith(expect.objectContaining({ currentTime: 3 }));
    expect(handlers.onSegmentStart).toHaveBeenCalledWith(expect.objectContaining({ firstFrame: 0 }));
  });

  it('calls the latest handler without reloading the animation', async () => {
    const first = vi.fn();
    const second = vi.fn();
    const { rerender } = await renderAnimation(<Animation animationData={data} onComplete={first} />);
    rerender(<Animation animationData={data} onComplete={second} />);
    lastItem().emit('complete', { type: 'complete', direction: 1 });
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
    expect(lottieMock.loadAnimation).toHaveBeenCalledTimes(1);
  });
});

describe('Animation: controls', () => {
  it('plays, pauses, stops, reverses and changes speed through its ref', async () => {
    const ref = createRef<AnimationHandle>();
    await renderAnimation(<Animation animationData={data} ref={ref} />);
    const item = lastItem();
    act(() => ref.current?.pause());
    expect(item.pause).toHaveBeenCalledTimes(1);
    act(() => ref.current?.play());
    expect(item.play).toHaveBeenCalledTimes(1);
    act(() => ref.current?.stop());
    expect(item.stop).toHaveBeenCalledTimes(1);
    act(() => ref.current?.reverse());
    expect(item.setDirection).toHaveBeenLastCalledWith(-1);
    act(() => ref.current?.reverse());
    expect(item.setDirection).toHaveBeenLastCalledWith(1);
    act(() => ref.current?.setSpeed(3));
    expect(item.setSpeed).toHaveBeenLastCalledWith(3);
    expect(() => ref.current?.setSpeed(0)).toThrow('Speed must be greater than 0');
  });

  it('alternate flips the direction at each loop, until called again', async () => {
    const ref = createRef<AnimationHandle>();
    await renderAnimation(<Animation animationData={data} ref={ref} />);
    const item = lastItem();
    const loop = { type: 'loopComplete', currentLoop: 1, totalLoops: 0, direction: 1 };
    item.emit('loopComplete', loop);
    expect(item.goToAndPlay).not.toHaveBeenCalled();

    act(() => ref.current?.alternate());
    item.emit('loopComplete', loop);
    expect(item.setDirection).toHaveBeenLastCalledWith(-1);
    expect(item.goToAndPlay).toHaveBeenLastCalledWith(59, true);
    item.emit('loopComplete', loop);
    expect(item.setDirection).toHaveBeenLastCalledWith(1);
    expect(item.goToAndPlay).toHaveBeenLastCalledWith(0, true);

    act(() => ref.current?.alternate());
    item.emit('loopComplete', loop);
    expect(item.goToAndPlay).toHaveBeenCalledTimes(2);
  });

  it('follows the pause prop', async () => {
    const { rerender } = await renderAnimation(<Animation animationData={data} />);
    const item = lastItem();
    rerender(<Animation animationData={data} pause />);
    expect(item.pause).toHaveBeenCalledTimes(1);
    rerender(<Animation animationData={data} pause={false} />);
    expect(item.play).toHaveBeenCalledTimes(1);
  });

  it('does not autoplay when mounted paused', async () => {
    await renderAnimation(<Animation animationData={data} pause />);
    expect(lottieMock.loadAnimation).toHaveBeenCalledWith(expect.objectContaining({ autoplay: false }));
  });

  it('pauses while hovered with pauseOnHover', async () => {
    await renderAnimation(<Animation animationData={data} pauseOnHover />);
    const item = lastItem();
    fireEvent.mouseEnter(screen.getByTestId('animation'));
    expect(item.pause).toHaveBeenCalledTimes(1);
    fireEvent.mouseLeave(screen.getByTestId('animation'));
    expect(item.play).toHaveBeenCalledTimes(1);
  });

  it('plays only while hovered with playOnHover', async () => {
    await renderAnimation(<Animation animationData={data} playOnHover />);
    expect(lottieMock.loadAnimation).toHaveBeenCalledWith(expect.objectContaining({ autoplay: false }));
    const item = lastItem();
    fireEvent.mouseEnter(screen.getByTestId('animation'));
    expect(item.play).toHaveBeenCalledTimes(1);
    fireEvent.mouseLeave(screen.getByTestId('animation'));
    expect(item.pause).toHaveBeenCalledTimes(1);
  });

  it('applies speed and direction changes to the running animation', async () => {
    const { rerender } = await renderAnimation(<Animation animationData={data} />);
    const item = lastItem();
    rerender(<Animation animationData={data} speed={0.5} direction={-1} />);
    expect(item.setSpeed).toHaveBeenLastCalledWith(0.5);
    expect(item.setDirection).toHaveBeenLastCalledWith(-1);
    expect(lottieMock.loadAnimation).toHaveBeenCalledTimes(1);
  });
});
